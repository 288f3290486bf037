import type { LoaderFunctionArgs } from "@remix-run/node";

// The bare document route for `npm run bench`: the same server, root document, Stitches and headers,
// with no content and no prices, so each page's req/s can be read as a ratio to this baseline.
// Exists only in bench mode.
export function loader({ context }: LoaderFunctionArgs) {
  if (!context.services.env.BENCH_MODE) throw new Response("Not found", { status: 404 });
  return { ok: true };
}

export default function BareDocument() {
  return (
    <main id="main">
      <h1>Bare document</h1>
    </main>
  );
}
