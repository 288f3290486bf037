import { afterEach, describe, expect, it, vi } from "vitest";
import { EVENT_ID_PATTERN } from "./envelope";
import { newEventId } from "./event-id";

describe("newEventId()", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is a UUID, a new one each time", () => {
    const ids = new Set(Array.from({ length: 1000 }, newEventId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(EVENT_ID_PATTERN);
  });

  it("is a version 4 UUID from getRandomValues where randomUUID is missing (an http page on a public host)", () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    const ids = new Set(Array.from({ length: 1000 }, newEventId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
