import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openPageListing, scanPages } from "./page-listing.server";

// A site's page listing alone: what a scan of pages/ lists, one slice at a time, and when it scans again.

function makePages(names: string[]): { root: string; pagesDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), "page-listing-"));
  const pagesDir = path.join(root, "site", "pages");
  for (const name of names) {
    mkdirSync(path.dirname(path.join(pagesDir, name)), { recursive: true });
    writeFileSync(path.join(pagesDir, name), "{}");
  }
  return { root, pagesDir };
}

const HOST = "www.test-site.example";

describe("a site's page listing", () => {
  it("lists each page with an English document once, sorted by uid, English first, and skips other files", () => {
    const { root, pagesDir } = makePages([
      "index.en.json",
      "shows/big-show.fr.json",
      "shows/big-show.en.json",
      "shows/big-show.de.json",
      "shows/index.en.json",
      "only-french.fr.json",
      "unknown-language.xx.json",
      "notes.txt",
    ]);
    expect(scanPages(root, pagesDir, HOST)).toEqual([
      { uid: HOST, langs: ["en"] },
      { uid: `${HOST}.shows`, langs: ["en"] },
      { uid: `${HOST}.shows.big-show`, langs: ["en", "de", "fr"] },
    ]);
  });

  it("lists nothing for a site without a pages/ folder", () => {
    const root = mkdtempSync(path.join(tmpdir(), "page-listing-"));
    expect(scanPages(root, path.join(root, "site", "pages"), HOST)).toEqual([]);
  });

  it("answers one slice with the total, by the index's host (any case or port), and undefined for an unknown host", () => {
    const { root } = makePages(["index.en.json", "a.en.json", "b.en.json", "c.en.json"]);
    const listing = openPageListing(root, { folderOf: (host) => (host === HOST ? "site" : undefined) }, { freshMs: 1000, now: () => 0 });
    expect(listing.listPages(`${HOST.toUpperCase()}:3000`, { offset: 1, limit: 2 })).toEqual({
      total: 4,
      pages: [
        { uid: `${HOST}.a`, langs: ["en"] },
        { uid: `${HOST}.b`, langs: ["en"] },
      ],
    });
    expect(listing.listPages("www.nowhere.example", { offset: 0, limit: 10 })).toBeUndefined();
  });

  it("scans again once its freshness ran out, or when cleared", () => {
    const { root, pagesDir } = makePages(["index.en.json"]);
    let t = 0;
    const listing = openPageListing(root, { folderOf: () => "site" }, { freshMs: 1000, now: () => t });
    const count = () => listing.listPages(HOST, { offset: 0, limit: 10 })?.total;
    expect(count()).toBe(1);
    writeFileSync(path.join(pagesDir, "new.en.json"), "{}");
    t = 999;
    expect(count()).toBe(1);
    t = 1000;
    expect(count()).toBe(2);
    writeFileSync(path.join(pagesDir, "newer.en.json"), "{}");
    listing.clear();
    expect(count()).toBe(3);
  });
});
