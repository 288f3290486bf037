import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeContentFile as write } from "../../tests/unit/content-file";
import { openDocumentCache } from "./document-cache.server";
import type { ContentError, Site } from "./page-document";
import type { SiteIndex } from "./site-index.server";

// The documents alone, over an index that knows one site: what a uid and language find, which languages a
// page is in, what is wrong with a page, and what a revalidation pass looks at.

const HOST = "www.test-site.example";
const page = (heading: string) => ({ pageType: "city", seo: { title: heading, description: heading }, heading, body: [{ type: "rich_text", text: "Hi" }] });

/** The part of the index the documents use: one site, in the folder `site`. */
const oneSite: SiteIndex = {
  hosts: () => new Set([HOST]),
  sortedHosts: () => [HOST],
  size: 1,
  folderOf: (host) => (host === HOST ? "site" : undefined),
  site: (host) => (host === HOST ? ({ host } as Site) : undefined),
  errors: () => [],
  revalidate: () => false,
  cachedSites: 1,
};

function open(files: Record<string, unknown>) {
  const root = mkdtempSync(path.join(tmpdir(), "document-cache-"));
  for (const [file, value] of Object.entries(files)) write(path.join(root, "site", "pages", file), value);
  let t = 1_000_000;
  const reported: ContentError[] = [];
  const documents = openDocumentCache(root, oneSite, { freshMs: 1000, now: () => t, maxEntries: 100, maxBytes: 1 << 20, report: (e) => reported.push(e) });
  return { root, documents, reported, tick: (ms = 1000) => void (t += ms) };
}

describe("the document cache", () => {
  it("finds a page's document by uid and language, and none for a page without English", () => {
    const { documents } = open({ "index.en.json": page("Home"), "index.fr.json": page("Accueil"), "only-fr.fr.json": page("Seul") });
    expect(documents.getPage(HOST, "fr")?.doc.heading).toBe("Accueil");
    expect(documents.getPage(HOST, "en")?.file).toBe(path.join("site", "pages", "index.en.json"));
    expect(documents.getPage(`${HOST}.only-fr`, "fr")).toBeUndefined();
    expect(documents.getPage("www.other.example", "en")).toBeUndefined();
  });

  it("lists the languages a page is served in, English first, leaving out a bad version", () => {
    const { documents } = open({ "a.fr.json": page("A"), "a.en.json": page("A"), "a.de.json": { heading: 1 } });
    expect(documents.languagesOf(`${HOST}.a`)).toEqual(["en", "fr"]);
  });

  it("names what is wrong with a page: a bad version by file and field, and a missing English document", () => {
    const { documents, reported } = open({ "a.en.json": page("A"), "a.de.json": { ...page("A"), pageType: "nope" }, "b.fr.json": page("B") });
    const errors = documents.errorsFor(`${HOST}.a`);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.file).toBe(path.join("site", "pages", "a.de.json"));
    expect(errors[0]?.issues.join()).toMatch(/^pageType: /);
    expect(reported).toEqual(errors);
    expect(documents.errorsFor(`${HOST}.b`)[0]?.issues.join()).toMatch(/has no English document/);
    expect(documents.errors()).toEqual(errors);
  });

  it("refuses a document reached through a folder that links back above it", () => {
    const { root, documents } = open({ "index.en.json": page("Home") });
    symlinkSync(path.join(root, "site", "pages"), path.join(root, "site", "pages", "loop"));
    expect(documents.getPage(`${HOST}.loop`, "en")).toBeUndefined();
    expect(documents.errors()[0]?.issues.join()).toMatch(/loops back to a folder above it/);
  });

  it("revalidates only what was used within the window, and says when something changed", () => {
    const { root, documents, tick } = open({ "a.en.json": page("A"), "b.en.json": page("B") });
    documents.getPage(`${HOST}.a`, "en");
    tick(5000);
    documents.getPage(`${HOST}.b`, "en");
    write(path.join(root, "site/pages/a.en.json"), page("A, edited"));
    tick(1000);
    expect(documents.revalidate(2000)).toBe(false);
    expect(documents.revalidate(Infinity)).toBe(true);
    expect(documents.getPage(`${HOST}.a`, "en")?.doc.heading).toBe("A, edited");
    expect(documents.stats().documents).toBe(2);
  });
});
