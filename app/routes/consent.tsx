import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { serialize } from "cookie";
import { z } from "zod";
import { clientError, wayBack } from "~/server/form-post.server";
import { sameOriginPath } from "~/server/return-path.server";
import { transportFor } from "~/server/security-headers.server";
import { allSignals, CONSENT_COOKIE, consentCookieDomain, consentCookieOptions, serializeConsent, type ConsentState } from "../../tracking/consent";

// POST /consent: the consent banner's form, for a visitor whose browser has not run the
// app yet or never will. With the app running, the banner's machine stores the choice in the page
// (tracking/consent-update.ts) and this is never posted. Sets the `consent-state` cookie (a year,
// SameSite=Lax, Secure and the registrable domain in production) and goes back to the page it came
// from, like the currency selector. Posts from other sites never get here (cross-site.server.ts): a
// site that could post here could choose for the visitor.

const granted = z
  .union([z.literal("granted"), z.null()], { error: 'must be "granted" or absent' })
  .transform((value) => (value === "granted" ? "granted" : "denied"));

const ConsentForm = z.object({
  choice: z.enum(["accept_all", "reject_all", "custom"], { error: 'must be "accept_all", "reject_all" or "custom"' }),
  analytics: granted,
  advertising: granted,
  /** null when given but not a path on this origin. */
  returnTo: z.unknown().transform((value) => (value === null ? undefined : sameOriginPath(value))),
});

function chosenState({ choice, analytics, advertising }: z.output<typeof ConsentForm>): ConsentState {
  if (choice === "accept_all") return allSignals("granted");
  if (choice === "reject_all") return allSignals("denied");
  return { analytics_storage: analytics, ad_storage: advertising, ad_user_data: advertising, ad_personalization: advertising };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return clientError(context.request, "body: must be a form (application/x-www-form-urlencoded or multipart/form-data)");
  const parsed = ConsentForm.safeParse({
    choice: form.get("choice"),
    analytics: form.get("analytics"),
    advertising: form.get("advertising"),
    returnTo: form.get("returnTo"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return clientError(context.request, `${issue.path.join(".") || "form"}: ${issue.message}`);
  }
  const { URL_MODE } = context.services.env;
  const cookie = serialize(
    CONSENT_COOKIE,
    serializeConsent(chosenState(parsed.data)),
    consentCookieOptions({ domain: consentCookieDomain(context.request.url.hostname, URL_MODE), secure: transportFor(URL_MODE).httpsOnly }),
  );
  return redirect(wayBack(context.request, parsed.data.returnTo), { status: 303, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export function loader() {
  return redirect("/", { status: 303 });
}
