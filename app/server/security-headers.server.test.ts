import { describe, expect, it } from "vitest";
import { transportFor, transportHeaders } from "./security-headers.server";

// The headers every answer carries (pages, static files, refusals): HSTS and noindex by URL mode.

describe("transport headers", () => {
  it("in production URL mode: HSTS, and search engines may index", () => {
    const headers = transportHeaders(transportFor("production"));
    expect(headers["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(headers["X-Robots-Tag"]).toBeUndefined();
  });

  it("in development and test URL modes: X-Robots-Tag: noindex, so a test host is never indexed", () => {
    for (const mode of ["development", "test"] as const) {
      const headers = transportHeaders(transportFor(mode));
      expect(headers["X-Robots-Tag"], mode).toBe("noindex");
      expect(headers["Strict-Transport-Security"], mode).toBeUndefined();
    }
  });
});
