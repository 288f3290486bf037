// What a request is answered with, read once from its URL, the way Remix 2 reads it (server-runtime's request
// handler): a `_data` parameter present at all (empty, blank, repeated or not) makes a data request for the
// route its first value names (an empty one is the leaf route's), and everything else is a document. The page
// cache's key, its check of what it stores, and the data's Cache-Control all come from this one reading, so
// the kind of answer stored can never differ from the kind the key promises
// (docs/decisions/050-one-reading-of-a-request.md).

/** The routes whose data is a page's own (a navigation inside the app asks for it): the only data a shared cache may keep. */
const PAGE_DATA_ROUTES: readonly string[] = ["routes/$", "routes/_index"];

export type RequestAnswer =
  | { readonly kind: "document" }
  | {
      readonly kind: "data";
      /** The route id Remix answers for, as sent (possibly empty). */
      readonly route: string;
      /** The route is a page's own: its data varies exactly as the page does. */
      readonly pageRoute: boolean;
    };

const DOCUMENT: RequestAnswer = Object.freeze({ kind: "document" });

export function requestAnswer(params: URLSearchParams): RequestAnswer {
  const route = params.get("_data");
  if (route === null) return DOCUMENT;
  return Object.freeze({ kind: "data", route, pageRoute: PAGE_DATA_ROUTES.includes(route) });
}

/** The Content-Type an answer of this kind has: HTML for a document, JSON for a page's data. */
export function answersWith(answer: RequestAnswer, contentType: string | null): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return answer.kind === "document" ? type === "text/html" : type === "application/json";
}
