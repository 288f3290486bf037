import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";

// The test's own reading of a document's inline code and of a hash-based CSP (docs/decisions/042-hashes-not-nonces.md),
// written apart from the server's (app/server/inline-code-hashes.server.ts) so the two check each other.

const INLINE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;

/** The text of each inline script and style of `html`, in document order. */
export function inlineCode(html: string): Array<{ kind: "script" | "style"; text: string }> {
  const found: Array<{ kind: "script" | "style"; text: string }> = [];
  for (const [, tag, attributes, text] of html.matchAll(INLINE)) {
    const kind = tag!.toLowerCase() as "script" | "style";
    if (kind === "script" && /\ssrc\s*=/i.test(attributes!)) continue;
    found.push({ kind, text: text! });
  }
  return found;
}

/** The hash sources a directive of `csp` lists. */
function hashSources(csp: string, directive: "script-src" | "style-src"): string[] {
  const value = new RegExp(`(?:^|;)\\s*${directive}\\s+([^;]*)`).exec(csp)?.[1] ?? "";
  return value.split(/\s+/).filter((source) => source.startsWith("'sha256-"));
}

/** Each inline script or style of `html` that the policy does not allow by its hash (none: all run). */
export function inlineCodeNotAllowed(html: string, csp: string): string[] {
  const allowed = { script: new Set(hashSources(csp, "script-src")), style: new Set(hashSources(csp, "style-src")) };
  return inlineCode(html).flatMap(({ kind, text }) => {
    const source = `'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64")}'`;
    return allowed[kind].has(source) ? [] : [`${kind}: ${text.slice(0, 60)}`];
  });
}

/** The policy violations `page` reports from its first script on, as "directive blocked-URI sample", filled as they come. */
export async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("cspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { cspViolation(text: string): void }).cspViolation(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return violations;
}
