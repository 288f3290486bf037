import { describe, expect, it } from "vitest";
import { sameContent } from "./same-content";

describe("sameContent", () => {
  it("holds for a copy of the same loader data, and not once a field differs", () => {
    const props = { footer: { quickLinks: [{ label: "Day trips", href: "/day-trips/" }] }, siteName: "Paris Experiences" };
    expect(sameContent(props, JSON.parse(JSON.stringify(props)))).toBe(true);
    expect(sameContent(props, { ...props, siteName: "London Theatre Tickets" })).toBe(false);
    expect(sameContent(props, { ...props, footer: { quickLinks: [{ label: "Day trips", href: "/fr/day-trips/" }] } })).toBe(false);
  });
});
