import { describe, expect, it } from "vitest";
import { cookieValue as readCookie, MAX_COOKIE_HEADER } from "./cookie-value";

describe("cookieValue, the one cookie reader (server, browser and head scripts)", () => {
  it("reads a cookie among others, decoded, quotes and spaces dropped, the first of two with one name", () => {
    expect(readCookie("a=1; currency=EUR; b=2", "currency")).toBe("EUR");
    expect(readCookie('currency="GBP"', "currency")).toBe("GBP");
    expect(readCookie("consent-state=ad_storage%3Agranted", "consent-state")).toBe("ad_storage:granted");
    expect(readCookie("currency=JPY;currency=EUR", "currency")).toBe("JPY");
    expect(readCookie("xcurrency=EUR", "currency")).toBeNull();
    expect(readCookie(null, "currency")).toBeNull();
  });

  it("gives null for a badly encoded value, and for a header over the limit (not one byte before)", () => {
    expect(readCookie("currency=%E0%A4%A", "currency")).toBeNull();
    const padded = (length: number) => `currency=EUR; pad=${"x".repeat(length - "currency=EUR; pad=".length)}`;
    expect(readCookie(padded(MAX_COOKIE_HEADER), "currency")).toBe("EUR");
    expect(readCookie(padded(MAX_COOKIE_HEADER + 1), "currency")).toBeNull();
  });
});
