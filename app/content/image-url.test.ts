import { describe, expect, it } from "vitest";
import { imageSrcSet, imageUrl, isGif, toAssetUrl } from "./image-url";

const params = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

describe("imageUrl (docs/requirements.md#5-rules, docs/requirements.md#9-constants)", () => {
  it("asks for quality 75 × 1.2 = 90 and 1.2× the size, with a face crop by default", () => {
    expect(params(imageUrl("https://cdn.example/a.jpg", { width: 600, height: 400 }))).toEqual({
      auto: "format,compress",
      w: "720",
      h: "480",
      q: "90",
      fit: "crop",
      crop: "faces",
    });
  });

  it("uses 1.5 for high-quality images and caps quality at 100", () => {
    expect(params(imageUrl("/media/a.jpg", { width: 1600, height: 700, highQuality: true }))).toMatchObject({ w: "2400", h: "1050", q: "100" });
    expect(params(imageUrl("/media/a.jpg", { quality: 60, highQuality: true }))).toMatchObject({ q: "90" });
    expect(params(imageUrl("/media/a.jpg", { quality: 66, highQuality: true }))).toMatchObject({ q: "99" });
    expect(params(imageUrl("/media/a.jpg", { quality: 67, highQuality: true }))).toMatchObject({ q: "100" });
  });

  it("rounds scaled sizes and leaves out missing ones", () => {
    expect(params(imageUrl("/a.jpg", { width: 333 }))).toMatchObject({ w: "400" });
    expect(params(imageUrl("/a.jpg", {}))).not.toHaveProperty("w");
    expect(params(imageUrl("/a.jpg", { width: 0 }))).not.toHaveProperty("w");
  });

  it("turns the face crop off on request", () => {
    const p = params(imageUrl("/a.jpg", { width: 10, faceCrop: false }));
    expect(p).not.toHaveProperty("crop");
    expect(p).not.toHaveProperty("fit");
  });

  it("keeps the URL's own query parameters, overriding ours", () => {
    expect(params(imageUrl("https://cdn.example/a.jpg?sat=20&q=10", { width: 100 }))).toMatchObject({ sat: "20", q: "90", w: "120" });
  });

  it("drops the query of a URL with the no-compression marker", () => {
    expect(imageUrl("https://cdn.example/no-compress/a.png?w=5", { width: 100 })).toBe("https://cdn.example/no-compress/a.png");
    expect(imageUrl("/media/a.png?no-compress", { width: 100 })).toBe("/media/a.png");
    expect(imageUrl("/media/no-compressed.png", { width: 100 })).toBe("/media/no-compressed.png");
    expect(imageUrl("/media/nocompress.png", { width: 100 })).toContain("?");
  });

  it("passes GIFs unchanged, whatever their case or query", () => {
    expect(imageUrl("/media/a.gif", { width: 100 })).toBe("/media/a.gif");
    expect(imageUrl("/media/A.GIF?x=1", { width: 100 })).toBe("/media/A.GIF?x=1");
    expect(imageUrl("/media/gif.jpg", { width: 100 })).toContain("w=120");
    expect(isGif("/a.gifv")).toBe(false);
  });
});

describe("toAssetUrl", () => {
  it("accepts site paths and http(s) URLs", () => {
    expect(toAssetUrl("/media/a.jpg")).toBe("/media/a.jpg");
    expect(toAssetUrl("https://cdn.example/a.jpg")).toBe("https://cdn.example/a.jpg");
    expect(toAssetUrl("HTTP://cdn.example/a.jpg")).toBe("HTTP://cdn.example/a.jpg");
  });
  it.each([
    "javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:image/png;base64,AAA",
    "//evil.example/a.jpg",
    "/\\evil.example",
    "media/a.jpg",
    "",
    "https://",
    "vbscript:x",
  ])("refuses %j", (raw) => {
    expect(toAssetUrl(raw)).toBeNull();
  });
});

describe("imageSrcSet", () => {
  it("offers the same rule at smaller widths, each candidate described by the pixels it asks for", () => {
    const set = imageSrcSet("/media/paris/hero.jpg", { width: 1600, height: 700, highQuality: true, faceCrop: false })!;
    const candidates = set.split(", ").map((candidate) => candidate.split(" "));
    expect(candidates.map(([, descriptor]) => descriptor)).toEqual(["540w", "720w", "960w", "1242w", "1620w", "1920w", "2400w"]);
    // The 480 px candidate: 1.5 × 480 = 720 wide, 1.5 × 210 = 315 high, quality 75 × 1.5 capped at 100.
    const params = new URL(candidates[1]![0]!, "http://x").searchParams;
    expect(Object.fromEntries(params)).toEqual({ auto: "format,compress", w: "720", h: "315", q: "100" });
    // The largest candidate is the image's own URL.
    expect(candidates.at(-1)![0]).toBe(imageUrl("/media/paris/hero.jpg", { width: 1600, height: 700, highQuality: true, faceCrop: false }));
  });

  it("offers no width at or above the image's own, and keeps the face crop and 1.2 rule", () => {
    const set = imageSrcSet("https://cdn.example/a.jpg?fm=webp", { width: 640, height: 480 })!;
    expect(set.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(["432w", "576w", "768w"]);
    expect(set).toContain("https://cdn.example/a.jpg?fm=webp&auto=format%2Ccompress&w=432&h=324&q=90&fit=crop&crop=faces 432w");
  });

  it("gives none where the file is served as is or its width is unknown", () => {
    expect(imageSrcSet("/media/anim.GIF", { width: 800 })).toBeUndefined();
    expect(imageSrcSet("/media/no-compress/a.jpg", { width: 800 })).toBeUndefined();
    expect(imageSrcSet("/media/a.jpg", {})).toBeUndefined();
    expect(imageSrcSet("", { width: 800 })).toBeUndefined();
  });
});
