import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { PARIS } from "./fixtures";

// The contract with a CDN in front of the fleet (docs/cdn-contract.md), over HTTP against the production
// build and its page micro-cache: whatever changes the HTML is named by Vary (or by a header the CDN
// computes), no cached copy carries another response's nonce, and visitors see no upstream detail.
// HTTP only, so no browser starts.

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const PAGE = `/?uid=${PARIS}&lang=en`;

async function get(request: APIRequestContext, url: string, headers: Record<string, string> = {}): Promise<{ response: APIResponse; body: string }> {
  const response = await request.get(url, { headers: { "user-agent": DESKTOP, ...headers }, failOnStatusCode: false, maxRedirects: 0 });
  return { response, body: await response.text() };
}

const nonceOf = (response: APIResponse) => /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1] ?? "";
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");
const count = (text: string, part: string) => text.split(part).length - 1;

test.describe("the page cache's nonces", () => {
  test("a visitor's __PAGE_CACHE_NONCE__ comes back as written; each response's nonce sits only in nonce attributes", async ({ request }) => {
    const url = `${PAGE}&date=__PAGE_CACHE_NONCE__&x=__PAGE_CACHE_NONCE__`;
    // The first response may be rendered, the next two come from the micro-cache (5 s).
    const responses = [await get(request, url), await get(request, url), await get(request, url)];
    const nonces = responses.map(({ response }) => nonceOf(response));
    expect(new Set(nonces).size, "a fresh nonce per response").toBe(3);
    for (const [i, { body }] of responses.entries()) {
      const nonce = nonces[i]!;
      expect(count(body, nonce), "the nonce is used").toBeGreaterThan(0);
      expect(count(body, nonce), "the nonce appears only in nonce attributes").toBe(count(body, ` nonce="${nonce}"`));
      expect(body, "the visitor's text as written").toContain("__PAGE_CACHE_NONCE__");
      expect(withoutNonces(body)).toBe(withoutNonces(responses[0]!.body));
    }
  });
});
