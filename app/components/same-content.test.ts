import { describe, expect, it, vi } from "vitest";
import { contentOf, sameContent } from "./same-content";

describe("sameContent", () => {
  it("holds for a copy of the same loader data, and not once a field differs", () => {
    const props = { footer: { quickLinks: [{ label: "Day trips", href: "/day-trips/" }] }, siteName: "Paris Experiences" };
    expect(sameContent(props, JSON.parse(JSON.stringify(props)))).toBe(true);
    expect(sameContent(props, { ...props, siteName: "London Theatre Tickets" })).toBe(false);
    expect(sameContent(props, { ...props, footer: { quickLinks: [{ label: "Day trips", href: "/fr/day-trips/" }] } })).toBe(false);
    expect(sameContent(props, { footer: props.footer })).toBe(false);
  });

  it("writes each object out once: the same objects compare without being written again", () => {
    const footer = { quickLinks: [{ label: "Day trips", href: "/day-trips/" }] };
    const written = vi.spyOn(JSON, "stringify");
    expect(sameContent({ footer, siteName: "Paris" }, { footer, siteName: "Paris" })).toBe(true);
    const once = written.mock.calls.filter(([value]) => value === footer).length;
    expect(sameContent({ footer, siteName: "Paris" }, { footer, siteName: "Paris" })).toBe(true);
    expect(written.mock.calls.filter(([value]) => value === footer).length).toBe(once);
    expect(once).toBe(1);
    written.mockRestore();
  });

  it("gives the same content for a copy, and another for changed words", () => {
    const words = { menu: "Menu", close: "Close" };
    expect(contentOf(words)).toBe(contentOf({ ...words }));
    expect(contentOf(words)).not.toBe(contentOf({ ...words, menu: "Menú" }));
    expect(contentOf("EUR")).toBe('"EUR"');
  });
});
