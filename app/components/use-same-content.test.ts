import { describe, expect, it } from "vitest";
import { keepSameContent } from "./use-same-content";

describe("keepSameContent", () => {
  it("keeps the object it had while a new one has the same content, and takes one whose content differs", () => {
    const first = { menu: [{ label: "Day trips", href: "/day-trips/" }] };
    const kept = keepSameContent(null, first);
    expect(kept.value).toBe(first);
    expect(keepSameContent(kept, JSON.parse(JSON.stringify(first))).value).toBe(first);
    const changed = { menu: [{ label: "Day trips", href: "/fr/day-trips/" }] };
    expect(keepSameContent(kept, changed).value).toBe(changed);
  });
});
