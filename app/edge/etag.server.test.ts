import { describe, expect, it } from "vitest";
import { namesPage, pageTag, representationTag } from "~/edge/etag.server";

describe("pageTag", () => {
  const body = Buffer.from("<!DOCTYPE html><p>Louvre</p>");
  it("is the same for the same variant and bytes, and differs when either changes", () => {
    expect(pageTag("a|EUR", body)).toBe(pageTag("a|EUR", Buffer.from(body)));
    expect(pageTag("a|EUR", body)).not.toBe(pageTag("a|USD", body));
    expect(pageTag("a|EUR", body)).not.toBe(pageTag("a|EUR", Buffer.from("<!DOCTYPE html><p>Louvre!</p>")));
    expect(pageTag("a|EUR", body)).toMatch(/^[\w-]{22}$/);
  });
});

describe("representationTag", () => {
  it("is a strong tag, with the encoding as a suffix", () => {
    expect(representationTag("abc", null)).toBe('"abc"');
    expect(representationTag("abc", "br")).toBe('"abc-br"');
    expect(representationTag("abc", "gzip")).toBe('"abc-gzip"');
  });
});

describe("namesPage", () => {
  it("matches the page's tag in any of its encodings, weak or strong, in a list, or *", () => {
    for (const header of ['"abc"', '"abc-br"', 'W/"abc-gzip"', '"x", "abc-br"', "*", ' "zzz" ,W/"abc"']) expect(namesPage(header, "abc"), header).toBe(true);
  });
  it("matches nothing else: other tags, another page's encoding suffix, unquoted or malformed values", () => {
    for (const header of [undefined, "", '"abcd"', '"ab"', '"abc-deflate"', "abc", "W/abc", '"abc', '"abc-br-br"'])
      expect(namesPage(header, "abc"), String(header)).toBe(false);
  });
});
