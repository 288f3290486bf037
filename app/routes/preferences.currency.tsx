import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isCurrencyCode } from "~/i18n/currencies";
import { serializeCookie } from "~/server/cookies.server";

// POST /preferences/currency: the currency selector. Sets the `currency` cookie (spec §9) and goes
// back to the page it came from. Only same-site paths are accepted as the way back.

const ONE_YEAR = 60 * 60 * 24 * 365;

export function safeReturnPath(value: FormDataEntryValue | null): string {
  const path = typeof value === "string" ? value : "/";
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") && path.length < 2048 ? path : "/";
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const currency = String(form?.get("currency") ?? "").toUpperCase();
  const returnTo = safeReturnPath(form?.get("returnTo") ?? null);
  if (!isCurrencyCode(currency)) return redirect(returnTo, { status: 303 });
  return redirect(returnTo, {
    status: 303,
    headers: { "Set-Cookie": serializeCookie("currency", currency, { maxAgeSeconds: ONE_YEAR, sameSite: "Lax" }) },
  });
}

export function loader() {
  return redirect("/", { status: 303 });
}
