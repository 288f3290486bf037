import { describe, expect, it } from "vitest";
import { bookingUrl } from "~/booking/booking-url";
import { bookingAttribution } from "~/components/commerce/use-attribution";
import { landingAttribution } from "../../tracking/attribution";
import { AttributionSchema } from "../../tracking/envelope";

// docs/requirements.md#9-constants: one attribution rule (tracking/attribution.ts) for the events and for the booking
// links. The same landing URL and h-attr cookie give the same keys to both, and every value either carries passes
// the events' schema: at the boundaries of the rule (100 vs 101 characters, the marks a token may hold, a colon).
const CASES: Array<[search: string, cookie: string]> = [
  ["?gclid=Cj0KCQ-abc_1&ci=123", ""],
  [`?gclid=${"a".repeat(100)}`, ""],
  [`?gclid=${"a".repeat(101)}`, "h-attr=ci%3D7"],
  ["?fbclid=a:b&msclkid=4f2a9c", ""],
  ["?fbclid=a%20b&msclkid=<x>", "h-attr=cm%3Dspring"],
  ["?cm=a.b~c-d_e", "h-attr=gclid%3Dold"],
  ["?utm_source=x", "h-attr=gclid%3Dold%26cm%3Dspring"],
  ["", "a=1; h-attr=fbclid%3D%253Cb%253E%26ci%3D5"],
  ["", "h-attr=%E0%A4%A"],
];

describe("one attribution rule for events and booking links", () => {
  it.each(CASES)("the landing URL %s with the cookie %s gives both the same keys", (search, cookie) => {
    const booking = bookingAttribution(search, cookie);
    const header = cookie.split("; ").find((part) => part.startsWith("h-attr="));
    const events = landingAttribution(search, header ? decodeURIComponentSafe(header.slice("h-attr=".length)) : null);
    expect(booking).toEqual(events);
    expect(AttributionSchema.safeParse(booking).success).toBe(true);
  });

  it("drops the URL's invalid values for both, and the last touch replaces the stored keys for both", () => {
    expect(bookingAttribution(`?gclid=${"a".repeat(101)}`, "h-attr=ci%3D7")).toEqual({ ci: "7" });
    expect(bookingAttribution("?fbclid=a:b&msclkid=4f2a9c", "")).toEqual({ fbclid: "a:b", msclkid: "4f2a9c" });
    expect(bookingAttribution("?fbclid=a%20b&msclkid=<x>", "h-attr=cm%3Dspring")).toEqual({ cm: "spring" });
    expect(bookingAttribution("?cm=new", "h-attr=gclid%3Dold")).toEqual({ cm: "new" });
  });

  it("is what a booking link carries to the booking site", () => {
    const url = new URL(bookingUrl({ ...BOOKING_BASE, attribution: bookingAttribution("?gclid=Cj0-x&ci=5", "") }));
    expect(url.searchParams.get("gclid")).toBe("Cj0-x");
    expect(url.searchParams.get("ci")).toBe("5");
  });
});

const BOOKING_BASE = { subdomain: "paris-experiences", domain: "book.roamly.example", lang: "en", tgid: 101, flowType: "NORMAL" } as const;

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
