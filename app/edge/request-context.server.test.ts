import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { readRequestContext } from "~/edge/request-context.server";

const env = parseEnv({ URL_MODE: "development", SERVER_TIMING_KEY: "operator-key-0123456789" });
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PAGE = "/?uid=www.paris-experiences.example&lang=en";

const read = (headers: Record<string, string>, originalUrl = PAGE) =>
  readRequestContext({ headers: { host: "localhost:3000", ...headers }, protocol: "http", originalUrl }, env);

describe("readRequestContext", () => {
  it("reads the device, the country, the currency chosen, the operator check and the host once, into a frozen object", () => {
    const context = read({
      "user-agent": IPHONE,
      "cloudfront-viewer-country": "de",
      cookie: "a=1; currency=gbp",
      "x-server-timing-key": "operator-key-0123456789",
    });
    expect(context).toMatchObject({
      device: { device: "mobile", decidedBy: "signals" },
      countryCode: "DE",
      currency: { currency: "GBP", source: "cookie" },
      operator: true,
      host: "localhost:3000",
      answer: { kind: "document" },
      cookie: "a=1; currency=gbp",
    });
    expect(context.url.href).toBe(`http://localhost:3000${PAGE}`);
    expect(Object.isFrozen(context)).toBe(true);
    expect(Object.isFrozen(context.vary)).toBe(true);
  });

  it("takes the CDN's X-Currency over the cookie, and neither when it is not a currency", () => {
    expect(read({ "x-currency": "eur", cookie: "currency=GBP" }).currency).toEqual({ currency: "EUR", source: "header" });
    expect(read({ "x-currency": "nope", cookie: "currency=XYZ" }).currency).toBeNull();
    expect(read({ "cloudfront-viewer-country": "XX" }).countryCode).toBeNull();
    expect(read({ "x-server-timing-key": "wrong" }).operator).toBe(false);
  });

  it("varies a document on the country and on what decided the device", () => {
    expect(read({ "user-agent": DESKTOP }).vary).toEqual([
      "cloudfront-viewer-country",
      "x-device",
      "user-agent",
      "sec-ch-ua-mobile",
      "sec-ch-viewport-width",
      "viewport-width",
    ]);
    expect(read({ "x-device": "bot" }).vary).toEqual(["cloudfront-viewer-country", "x-device"]);
  });

  it("gives one variant (the page cache's key) per copy of a page, and the same one to requests that get the same copy", () => {
    const variants = [
      read({ "user-agent": DESKTOP }),
      read({ "user-agent": IPHONE }),
      read({ "user-agent": GOOGLEBOT }),
      read({ "user-agent": DESKTOP, "x-device": "desktop" }),
      read({ "user-agent": DESKTOP, "cloudfront-viewer-country": "DE" }),
      read({ "user-agent": DESKTOP, "x-currency": "EUR" }),
      read({ "user-agent": DESKTOP, cookie: "currency=EUR" }),
      read({ "user-agent": DESKTOP }, "/?uid=www.paris-experiences.example&lang=fr"),
    ].map((context) => context.variant);
    expect(new Set(variants).size).toBe(variants.length);
    // What does not change the page does not change its variant.
    expect(read({ "user-agent": DESKTOP, cookie: "consent-state=x; currency=nope" }).variant).toBe(variants[0]);
    expect(read({ "user-agent": DESKTOP }, `${PAGE}&utm_source=mail&gclid=1`).variant).toBe(variants[0]);
  });

  it("marks a Remix data request, gives it a variant of its own (the page's and its route), and hands loaders its URL without _data", () => {
    const data = read({}, `${PAGE}&_data=routes%2F%24`);
    expect(data.answer).toEqual({ kind: "data", route: "routes/$", pageRoute: true });
    expect(data.variant).not.toBe(read({}).variant);
    expect(data.variant).toBe(read({}, `${PAGE}&utm_source=x&_data=routes%2F%24`).variant);
    expect(data.url.searchParams.has("_data")).toBe(false);
  });

  it("reads any `_data`, empty or blank, as Remix does: a data request, never the document's variant", () => {
    for (const query of ["_data=", "_data", "_data=%20", "_data=&index", "_data=root", "_data=routes%2Fnope"]) {
      const context = read({}, `${PAGE}&${query}`);
      expect(context.answer.kind, query).toBe("data");
      expect(context.variant, query).not.toBe(read({}).variant);
    }
    expect(read({}, `${PAGE}&_data=root`).answer).toMatchObject({ pageRoute: false });
    expect(read({}, `${PAGE}&_data=`).answer).toMatchObject({ route: "", pageRoute: false });
  });
});
