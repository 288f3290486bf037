import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The brand SVGs in public/brand are made from tokens/brand-sources by scripts/outline-brand-text.py: their
// words are outlines in Outfit and Inter. An SVG shown through <img> cannot use the page's webfonts, so any
// <text> left in one is drawn in whatever sans-serif the visitor's system has (DejaVu Sans Bold here), and
// its lookup costs the page's first layout round trips to the browser process.

const ROOT = join(__dirname, "..", "..");
const SOURCES = join(ROOT, "tokens", "brand-sources");
const PUBLIC = join(ROOT, "public", "brand");

const svgs = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith(".svg"))
    .sort();
const read = (dir: string, name: string) => readFileSync(join(dir, name), "utf8");
const rootAttribute = (svg: string, attribute: string) => svg.match(new RegExp(`<svg[^>]*\\s${attribute}="([^"]*)"`))?.[1];
const count = (svg: string, element: string) => svg.match(new RegExp(`<${element}[\\s>]`, "g"))?.length ?? 0;
const fills = (svg: string, element: string) => [...svg.matchAll(new RegExp(`<${element}\\s[^>]*fill="([^"]*)"`, "g"))].map((match) => match[1]);

describe("brand SVGs", () => {
  it("every served brand SVG has a source, and every source is served", () => {
    expect(svgs(PUBLIC)).toEqual(svgs(SOURCES));
    expect(svgs(PUBLIC).length).toBeGreaterThanOrEqual(4);
  });

  for (const name of svgs(SOURCES)) {
    it(`${name}: its words are outlines, with the source's size and accessible name`, () => {
      const source = read(SOURCES, name);
      const served = read(PUBLIC, name);
      expect(count(source, "text"), "the source has words to outline").toBeGreaterThan(0);
      expect(count(served, "text")).toBe(0);
      expect(count(served, "tspan")).toBe(0);
      // One path per word run, in the run's colour, after the drawing's own paths.
      expect(count(served, "path")).toBe(count(source, "path") + count(source, "text"));
      expect(fills(served, "path").slice(-count(source, "text"))).toEqual(fills(source, "text"));
      for (const attribute of ["width", "height", "viewBox", "role", "aria-label"]) {
        expect(rootAttribute(served, attribute), attribute).toBe(rootAttribute(source, attribute));
      }
      expect(rootAttribute(served, "role")).toBe("img");
      expect(rootAttribute(served, "aria-label")).toMatch(/\w/);
    });
  }
});
