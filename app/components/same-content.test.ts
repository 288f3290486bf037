import { describe, expect, it } from "vitest";
import { sameContent, sameData } from "./same-content";

describe("sameContent", () => {
  it("holds for a copy of the same loader data, and not once a field differs", () => {
    const props = { footer: { quickLinks: [{ label: "Day trips", href: "/day-trips/" }] }, siteName: "Paris Experiences" };
    expect(sameContent(props, JSON.parse(JSON.stringify(props)))).toBe(true);
    expect(sameContent(props, { ...props, siteName: "London Theatre Tickets" })).toBe(false);
    expect(sameContent(props, { ...props, footer: { quickLinks: [{ label: "Day trips", href: "/fr/day-trips/" }] } })).toBe(false);
    expect(sameContent(props, { footer: props.footer })).toBe(false);
  });

  it("tells apart what JSON text would not confuse either: key sets, arrays against objects, null against a missing field", () => {
    expect(sameData({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
    expect(sameData([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameData({ a: null }, { a: undefined })).toBe(false);
    expect(sameData([1, [2, { x: "y" }]], [1, [2, { x: "y" }]])).toBe(true);
    expect(sameData([1, [2, { x: "y" }]], [1, [2, { x: "z" }]])).toBe(false);
  });

  it("compares a memoised part's functions by identity", () => {
    const Button = () => null;
    expect(sameContent({ Button, label: "Call us" }, { Button, label: "Call us" })).toBe(true);
    expect(sameContent({ Button, label: "Call us" }, { Button: () => null, label: "Call us" })).toBe(false);
  });
});
