import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { serialize } from "cookie";
import { z } from "zod";
import { CURRENCY_CODES } from "~/i18n/currencies";
import { clientError, wayBack } from "~/server/form-post.server";
import { sameOriginPath } from "~/server/return-path.server";
import { transportFor } from "~/server/security-headers.server";

// POST /preferences/currency: the currency selector. Sets the `currency` cookie (docs/requirements.md#9-constants) and goes
// back to the page it came from. The way back must be a path on this origin as the browser will
// resolve it (return-path.server.ts); otherwise the visitor goes back to the page that sent the form
// (its Referer, when on this host) or to "/". Posts from other sites never get here
// (cross-site.server.ts), and the body is at most a few KB (edge/guard.server.ts).

const ONE_YEAR = 60 * 60 * 24 * 365;

const CurrencyForm = z.object({
  currency: z
    .string({ error: "is missing" })
    .trim()
    .toUpperCase()
    .pipe(z.enum(CURRENCY_CODES, { error: "must be one of the supported currency codes" })),
  /** null when given but not a path on this origin. */
  returnTo: z.unknown().transform((value) => (value === null ? undefined : sameOriginPath(value))),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return clientError(context.request, "body: must be a form (application/x-www-form-urlencoded or multipart/form-data)");
  const parsed = CurrencyForm.safeParse({ currency: form.get("currency"), returnTo: form.get("returnTo") });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return clientError(context.request, `${issue.path.join(".") || "form"}: ${issue.message}`);
  }
  const { currency, returnTo } = parsed.data;
  const back = wayBack(context.request, returnTo);
  const secure = transportFor(context.services.env.URL_MODE).httpsOnly;
  return redirect(back, {
    status: 303,
    // A shared cache must never hand this visitor's cookie to another (the edge says so too, for any answer).
    headers: { "Set-Cookie": serialize("currency", currency, { maxAge: ONE_YEAR, path: "/", sameSite: "lax", secure }), "Cache-Control": "no-store" },
  });
}

export function loader() {
  return redirect("/", { status: 303 });
}
