import { mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { getContentStore, loadContent } from "./content-store.server";
import { classifyEmbed } from "./embed";
import { measureRichText } from "./inline-blocks";
import { PAGE_LIMITS } from "./page-document";

// Content validation (issue 2 §2): a bad document gives an error naming the file and the field,
// and every other page keeps working.

const HOST = "www.test-site.example";
const site = {
  host: HOST,
  name: "Test Site",
  brand: "city-experiences",
  header: { logoUrl: "/logo.svg", logoAltText: "Test home" },
  footer: { copyright: "© Test" },
};
const page = (heading: string, extra: Record<string, unknown> = {}) => ({
  pageType: "city",
  seo: { title: heading, description: `${heading} description` },
  heading,
  body: [{ type: "rich_text", text: "Hello" }],
  ...extra,
});

function makeContent(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "content-"));
  for (const [file, value] of Object.entries(files)) {
    const full = path.join(dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, typeof value === "string" ? value : JSON.stringify(value));
  }
  return dir;
}

describe("loadContent", () => {
  it("maps files to uids and languages", () => {
    const dir = makeContent({
      "test/site.json": site,
      "test/pages/index.en.json": page("Home"),
      "test/pages/index.fr.json": page("Accueil"),
      "test/pages/shows/big-show.en.json": page("Big show", { pageType: "show" }),
    });
    const store = loadContent(dir);
    expect(store.errors).toEqual([]);
    expect(store.getPage(HOST, "fr")?.doc.heading).toBe("Accueil");
    expect(store.getPage(`${HOST}.shows.big-show`, "en")?.doc.pageType).toBe("show");
    expect(store.languagesOf(HOST)).toEqual(["en", "fr"]);
    expect(store.siteByHost(`${HOST.toUpperCase()}:3000`)?.name).toBe("Test Site");
    expect(store.siteForUid(`${HOST}.shows.big-show`)?.host).toBe(HOST);
  });

  it("reports a bad field with file and path, and keeps the other pages", () => {
    const dir = makeContent({
      "test/site.json": site,
      "test/pages/index.en.json": page("Home"),
      "test/pages/broken.en.json": page("Broken", { seo: { title: "", description: "x" }, pageType: "castle" }),
    });
    const store = loadContent(dir);
    expect(store.getPage(HOST, "en")).toBeDefined();
    expect(store.getPage(`${HOST}.broken`, "en")).toBeUndefined();
    expect(store.errors).toHaveLength(1);
    const [error] = store.errors;
    expect(error!.file).toMatch(/test\/pages\/broken\.en\.json$/);
    expect(error!.uid).toBe(`${HOST}.broken`);
    expect(error!.issues.some((i) => i.startsWith("pageType:"))).toBe(true);
    expect(error!.issues.some((i) => i.startsWith("seo.title:"))).toBe(true);
    expect(store.errorsFor(`${HOST}.broken`)).toHaveLength(1);
  });

  it("reports invalid JSON, bad file names, unsupported languages and a missing English document", () => {
    const dir = makeContent({
      "test/site.json": site,
      "test/pages/index.en.json": page("Home"),
      "test/pages/bad-json.en.json": "{ not json",
      "test/pages/Bad Name.en.json": page("x"),
      "test/pages/arabic.ar.json": page("x"),
      "test/pages/only-french.fr.json": page("Seulement"),
    });
    const store = loadContent(dir);
    const byFile = (suffix: string) => store.errors.find((e) => e.file.endsWith(suffix));
    expect(byFile("bad-json.en.json")?.issues[0]).toMatch(/not valid JSON/);
    expect(byFile("Bad Name.en.json")?.issues[0]).toMatch(/file name/);
    expect(byFile("arabic.ar.json")?.issues[0]).toMatch(/"ar" is not a supported language/);
    expect(byFile("only-french.fr.json")?.issues[0]).toMatch(/no English document/);
    expect(store.getPage(`${HOST}.only-french`, "fr")).toBeUndefined();
    expect(store.getPage(HOST, "en")).toBeDefined();
  });

  it("reports a bad site file by field, and other sites keep working", () => {
    const dir = makeContent({
      "good/site.json": site,
      "good/pages/index.en.json": page("Home"),
      "bad/site.json": { ...site, host: "Not A Host", header: { logoUrl: "javascript:alert(1)", logoAltText: "x" } },
      "bad/pages/index.en.json": page("Other"),
    });
    const store = loadContent(dir);
    expect(store.sites.map((s) => s.host)).toEqual([HOST]);
    const error = store.errors.find((e) => e.file.endsWith("bad/site.json"));
    expect(error?.issues).toEqual(expect.arrayContaining([expect.stringMatching(/^host:/), expect.stringMatching(/^header\.logoUrl:/)]));
  });

  it("the embedded content is valid and covers every page type in English and two more languages", () => {
    const store = loadContent(path.resolve("content"));
    expect(store.errors).toEqual([]);
    expect(store.sites.map((s) => s.brand).sort()).toEqual(["city-experiences", "theatre-retailer"]);
    const english = store.allPages().filter((p) => p.lang === "en");
    const types = new Set(english.map((p) => p.doc.pageType));
    expect([...types].sort()).toEqual(["category", "city", "collection", "guide", "show", "theatre"]);
    for (const p of english) expect(store.languagesOf(p.uid).length, p.uid).toBeGreaterThanOrEqual(3);
  });

  it("skips a dangling symlink, a symlink loop and a folder cycle in pages/, naming each once, and keeps the site", () => {
    const dir = makeContent({
      "test/site.json": site,
      "test/pages/index.en.json": page("Home"),
      "test/pages/shows/big-show.en.json": page("Big show", { pageType: "show" }),
    });
    const pages = path.join(dir, "test/pages");
    symlinkSync(path.join(pages, "deleted.en.json"), path.join(pages, "gone.en.json"));
    symlinkSync("loop.en.json", path.join(pages, "loop.en.json"));
    symlinkSync("..", path.join(pages, "shows/again"));
    const store = loadContent(dir);
    expect(store.getPage(HOST, "en")?.doc.heading).toBe("Home");
    expect(store.getPage(`${HOST}.shows.big-show`, "en")).toBeDefined();
    expect(store.allPages()).toHaveLength(2);
    const files = store.errors.map((e) => path.basename(e.file)).sort();
    expect(files).toEqual(["again", "gone.en.json", "loop.en.json"]);
    expect(store.errors.flatMap((e) => e.issues).join("\n")).not.toMatch(/needs a pages\/ folder/);
    expect(store.errors.find((e) => e.file.endsWith("gone.en.json"))?.issues[0]).toMatch(/missing/);
    expect(store.errors.find((e) => e.file.endsWith("loop.en.json"))?.issues[0]).toMatch(/loop/);
    expect(store.errors.find((e) => e.file.endsWith("again"))?.issues[0]).toMatch(/loop/);
  });

  it("logs a bad entry once, and a dangling symlink beside the sites drops no site", () => {
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home") });
    symlinkSync(path.join(dir, "deleted"), path.join(dir, "old-site"));
    symlinkSync(path.join(dir, "nowhere.en.json"), path.join(dir, "test/pages/gone.en.json"));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = getContentStore(dir);
    getContentStore(dir);
    expect(store.getPage(HOST, "en")).toBeDefined();
    const logged = log.mock.calls.map((args) => args.join(" "));
    expect(logged.filter((line) => line.includes("gone.en.json"))).toHaveLength(1);
    expect(logged.filter((line) => line.includes("old-site"))).toHaveLength(1);
  });

  it("refuses a page document over the size limit before parsing it, by file, and keeps the other pages", () => {
    // Valid under the old schema (200 blocks of 20,000 characters): 4.6 MB on disk.
    const huge = page("Huge", { body: Array.from({ length: 200 }, () => ({ type: "rich_text", text: '{callout text="x" tone="tip"}\n'.repeat(666) })) });
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home"), "test/pages/huge.en.json": huge });
    const parse = vi.spyOn(JSON, "parse");
    const store = loadContent(dir);
    expect(parse.mock.calls.some(([text]) => String(text).length > PAGE_LIMITS.fileBytes)).toBe(false);
    expect(store.getPage(HOST, "en")).toBeDefined();
    expect(store.getPage(`${HOST}.huge`, "en")).toBeUndefined();
    expect(store.errors).toEqual([
      {
        file: expect.stringMatching(/test\/pages\/huge\.en\.json$/),
        uid: `${HOST}.huge`,
        issues: [expect.stringMatching(/^\(file size\): 4\d\d\d KB; at most 512 KB$/)],
      },
    ]);
  });

  it("reports a document over a schema limit by file and field, and keeps the other pages", () => {
    const crowded = page("Crowded", { body: [{ type: "rich_text", text: "{icon type=Timings} ".repeat(PAGE_LIMITS.inlineBlocksPerBlock + 1) }] });
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home"), "test/pages/crowded.en.json": crowded });
    const store = loadContent(dir);
    expect(store.getPage(HOST, "en")).toBeDefined();
    expect(store.errorsFor(`${HOST}.crowded`)).toEqual([
      {
        file: expect.stringMatching(/crowded\.en\.json$/),
        uid: `${HOST}.crowded`,
        issues: [expect.stringMatching(/^body\.0\.text: 101 inline blocks; at most 100 in one block$/)],
      },
    ]);
  });

  it("the embedded content stays far inside the document limits (a fifth of each at most)", () => {
    const store = loadContent(path.resolve("content"));
    for (const p of store.allPages()) {
      const text = p.doc.body.flatMap((b) => (b.type === "rich_text" ? [b.text] : []));
      const measured = text.map(measureRichText);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      expect(statSync(p.file).size * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.fileBytes);
      expect(p.doc.body.length * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.blocks);
      expect(Math.max(0, ...text.map((t) => t.length)) * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.textPerBlock);
      expect(sum(text.map((t) => t.length)) * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.textPerDocument);
      expect(sum(measured.map((m) => m.elements)) * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.textElementsPerDocument);
      expect(Math.max(0, ...measured.map((m) => m.inlineBlocks)) * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.inlineBlocksPerBlock);
      expect(sum(measured.map((m) => m.inlineBlocks)) * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.inlineBlocksPerDocument);
    }
  });

  it("every frame in the embedded content is on the allow-list, so its maps still render", () => {
    const store = loadContent(path.resolve("content"));
    let frames = 0;
    for (const p of store.allPages()) {
      for (const block of p.doc.body) {
        if (block.type !== "rich_text") continue;
        for (const [, src] of block.text.matchAll(/\{iframe src="([^"]+)"/g)) {
          frames++;
          expect(classifyEmbed(src!, p.lang), `${p.file}: ${src}`).toMatchObject({ kind: "iframe", provider: "maps" });
        }
      }
    }
    expect(frames).toBeGreaterThan(0);
  });

  it("never reads outside JSON files", () => {
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home"), "test/pages/notes.txt": "ignore me" });
    expect(loadContent(dir).errors).toEqual([]);
    expect(readFileSync(path.join(dir, "test/pages/notes.txt"), "utf8")).toBe("ignore me");
  });
});
