import { describe, expect, it } from "vitest";
import { checkCrossSite } from "~/edge/cross-site.server";

const post = (headers: { host?: string; origin?: string; secFetchSite?: string }) =>
  checkCrossSite({ method: "POST", host: headers.host ?? "www.paris-experiences.example", origin: headers.origin, secFetchSite: headers.secFetchSite });

describe("checkCrossSite", () => {
  it("lets a same-origin browser post through, over http or behind a TLS-terminating CDN", () => {
    expect(post({ secFetchSite: "same-origin", origin: "https://www.paris-experiences.example" })).toEqual({ ok: true });
    expect(post({ origin: "https://www.paris-experiences.example" })).toEqual({ ok: true });
    expect(post({ origin: "http://localhost:3210", host: "localhost:3210" })).toEqual({ ok: true });
    expect(post({ secFetchSite: "none" })).toEqual({ ok: true });
  });

  it("lets a client without either header through (curl, server-side clients)", () => {
    expect(post({})).toEqual({ ok: true });
  });

  it("refuses another site, a sibling subdomain, another port and an opaque origin", () => {
    for (const headers of [
      { secFetchSite: "cross-site" },
      { secFetchSite: "same-site" },
      { secFetchSite: "cross-site", origin: "https://www.paris-experiences.example" },
      { secFetchSite: "garbage" },
      { origin: "https://evil.example" },
      { origin: "https://book.paris-experiences.example" },
      { origin: "http://localhost:3211", host: "localhost:3210" },
      { origin: "null" },
      { origin: "file://" },
      { origin: "not a url" },
      { secFetchSite: "same-origin", origin: "https://evil.example" },
      { secFetchSite: "same-origin", origin: "not a url" },
      { origin: "https://WWW.paris-experiences.example", host: "WWW.paris-experiences.example" },
      { origin: "https://www.paris-experiences.example", host: "www.paris-experiences.example:443" },
    ]) {
      const verdict = post(headers);
      expect(verdict.ok, JSON.stringify(headers)).toBe(false);
      if (!verdict.ok) expect(verdict.reason).toMatch(/Sec-Fetch-Site|Origin/);
    }
  });

  it("does not check GET and HEAD, which change nothing", () => {
    expect(checkCrossSite({ method: "GET", host: "a.example", origin: "https://evil.example", secFetchSite: "cross-site" })).toEqual({ ok: true });
    expect(checkCrossSite({ method: "HEAD", host: "a.example", origin: "https://evil.example", secFetchSite: "cross-site" })).toEqual({ ok: true });
  });
});
