import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { scanContent } from "./check-content";
import { getContentStore, openContent, type ContentStore, type LoadedPage } from "./content-store.server";
import { classifyEmbed } from "./embed";
import { measureRichText } from "./inline-blocks";
import { PAGE_LIMITS } from "./page-document";

// Content validation: a bad document gives an error naming the file and the field, and every
// other page keeps working; the full scan (content:check) reports every file, the server's store
// reads a document on demand, keeps a bounded number, and notices edits, new and removed files.

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

/** Every valid document and every error, as `npm run content:check` sees them. */
function scan(dir: string): { errors: ReturnType<typeof scanContent>["errors"]; pages: LoadedPage[] } {
  const pages: LoadedPage[] = [];
  const { errors } = scanContent(dir, (p) => pages.push(p));
  return { errors, pages };
}

/** A store on a fake clock, with its log lines. */
function openWithClock(
  dir: string,
  options: { maxEntries?: number; sweepUsedWithinMs?: number } = {},
): { store: ContentStore; tick: (ms?: number) => void; logged: string[] } {
  let t = 1_000_000;
  const logged: string[] = [];
  const store = openContent(dir, { now: () => t, log: (line) => logged.push(line), ...options });
  return { store, tick: (ms = 1000) => void (t += ms), logged };
}

/** Rewrites a file and moves its mtime forward, as an editor saving it does. */
function rewrite(file: string, value: unknown): void {
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
}

describe("the content check's full scan", () => {
  it("maps files to uids and languages", () => {
    const dir = makeContent({
      "test/site.json": site,
      "test/pages/index.en.json": page("Home"),
      "test/pages/index.fr.json": page("Accueil"),
      "test/pages/shows/big-show.en.json": page("Big show", { pageType: "show" }),
    });
    const { errors, pages } = scan(dir);
    expect(errors).toEqual([]);
    expect(pages.map((p) => `${p.uid} ${p.lang}`).sort()).toEqual([`${HOST} en`, `${HOST} fr`, `${HOST}.shows.big-show en`]);
  });

  it("reports a bad field with file and path, and keeps the other pages", () => {
    const dir = makeContent({
      "test/site.json": site,
      "test/pages/index.en.json": page("Home"),
      "test/pages/broken.en.json": page("Broken", { seo: { title: "", description: "x" }, pageType: "castle" }),
    });
    const { errors, pages } = scan(dir);
    expect(pages.map((p) => p.uid)).toEqual([HOST]);
    expect(errors).toHaveLength(1);
    const [error] = errors;
    expect(error!.file).toMatch(/test\/pages\/broken\.en\.json$/);
    expect(error!.uid).toBe(`${HOST}.broken`);
    expect(error!.issues.some((i) => i.startsWith("pageType:"))).toBe(true);
    expect(error!.issues.some((i) => i.startsWith("seo.title:"))).toBe(true);
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
    const { errors } = scan(dir);
    const byFile = (suffix: string) => errors.find((e) => e.file.endsWith(suffix));
    expect(byFile("bad-json.en.json")?.issues[0]).toMatch(/not valid JSON/);
    expect(byFile("Bad Name.en.json")?.issues[0]).toMatch(/file name/);
    expect(byFile("arabic.ar.json")?.issues[0]).toMatch(/"ar" is not a supported language/);
    expect(byFile("only-french.fr.json")?.issues[0]).toMatch(/no English document/);
  });

  it("reports a bad site file by field, and other sites keep working", () => {
    const dir = makeContent({
      "good/site.json": site,
      "good/pages/index.en.json": page("Home"),
      "bad/site.json": { ...site, host: "Not A Host", header: { logoUrl: "javascript:alert(1)", logoAltText: "x" } },
      "bad/pages/index.en.json": page("Other"),
    });
    const { errors, pages } = scan(dir);
    expect(pages.map((p) => p.uid)).toEqual([HOST]);
    const error = errors.find((e) => e.file.endsWith("bad/site.json"));
    expect(error?.issues).toEqual(expect.arrayContaining([expect.stringMatching(/^host:/), expect.stringMatching(/^header\.logoUrl:/)]));
  });

  it("the embedded content is valid and covers every page type in English and two more languages", () => {
    const { errors, pages } = scan("content");
    expect(errors).toEqual([]);
    const store = openContent("content");
    expect([...store.hosts].map((host) => store.siteByHost(host)?.brand).sort()).toEqual(["city-experiences", "theatre-retailer"]);
    const english = pages.filter((p) => p.lang === "en");
    const types = new Set(english.map((p) => p.doc.pageType));
    expect([...types].sort()).toEqual(["category", "city", "collection", "guide", "show", "theatre"]);
    for (const p of english) {
      expect(store.languagesOf(p.uid).length, p.uid).toBeGreaterThanOrEqual(3);
      expect(store.getPage(p.uid, "en")?.doc, p.uid).toEqual(p.doc);
    }
  });

  it("opens documents only as regular files inside the content folder: a link out of it (a file, /proc) is invalid, and no byte of it is shown", () => {
    const outside = mkdtempSync(path.join(tmpdir(), "outside-"));
    writeFileSync(path.join(outside, "secret.json"), "SECRET-BYTES not json");
    writeFileSync(path.join(outside, "valid.json"), JSON.stringify(page("Outside")));
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home"), "test/pages/shared.en.json": page("Shared") });
    const pages = path.join(dir, "test/pages");
    symlinkSync(path.join(outside, "secret.json"), path.join(pages, "secret.en.json"));
    symlinkSync(path.join(outside, "valid.json"), path.join(pages, "valid.en.json"));
    symlinkSync("/proc/self/environ", path.join(pages, "environ.en.json"));
    symlinkSync("/proc/self/cmdline", path.join(pages, "cmdline.en.json"));
    symlinkSync("shared.en.json", path.join(pages, "alias.en.json"));
    const store = openContent(dir, { log: () => {} });
    for (const slug of ["secret", "valid", "environ", "cmdline"]) {
      expect(store.getPage(`${HOST}.${slug}`, "en"), slug).toBeUndefined();
      expect(store.errorsFor(`${HOST}.${slug}`), slug).toEqual([
        {
          file: expect.stringMatching(new RegExp(`test/pages/${slug}\\.en\\.json$`)),
          uid: `${HOST}.${slug}`,
          issues: ["(link): leads outside the content folder; skipped"],
        },
      ]);
    }
    // A link that stays inside the folder is a document like any other.
    expect(store.getPage(`${HOST}.alias`, "en")?.doc.heading).toBe("Shared");
    const shown = JSON.stringify([store.errors(), scan(dir).errors]);
    for (const bytes of ["SECRET-BYTES", "PATH=", "node", "Outside", outside]) expect(shown).not.toContain(bytes);
  });

  it("names where a document is not valid JSON, never what it says", () => {
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home"), "test/pages/bad.en.json": "root:x:0:0:root:/root:/bin/bash" });
    const store = openContent(dir, { log: () => {} });
    const issues = store.errorsFor(`${HOST}.bad`).flatMap((error) => error.issues);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^\(document\): not valid JSON/);
    expect(issues[0]).not.toContain("root");
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
    const scanned = scan(dir);
    expect(scanned.pages).toHaveLength(2);
    const files = scanned.errors.map((e) => path.basename(e.file)).sort();
    expect(files).toEqual(["again", "gone.en.json", "loop.en.json"]);
    expect(scanned.errors.flatMap((e) => e.issues).join("\n")).not.toMatch(/needs a pages\/ folder/);
    expect(scanned.errors.find((e) => e.file.endsWith("gone.en.json"))?.issues[0]).toMatch(/missing/);
    expect(scanned.errors.find((e) => e.file.endsWith("loop.en.json"))?.issues[0]).toMatch(/loop/);
    expect(scanned.errors.find((e) => e.file.endsWith("again"))?.issues[0]).toMatch(/loop/);

    // On demand: the same three are not served, each with its reason; the real pages are.
    const store = openContent(dir, { log: () => {} });
    expect(store.getPage(HOST, "en")?.doc.heading).toBe("Home");
    expect(store.getPage(`${HOST}.shows.big-show`, "en")).toBeDefined();
    expect(store.getPage(`${HOST}.gone`, "en")).toBeUndefined();
    expect(store.errorsFor(`${HOST}.gone`)[0]?.issues[0]).toMatch(/missing/);
    expect(store.getPage(`${HOST}.loop`, "en")).toBeUndefined();
    expect(store.errorsFor(`${HOST}.loop`)[0]?.issues[0]).toMatch(/loop/);
    expect(store.getPage(`${HOST}.shows.again.shows.big-show`, "en")).toBeUndefined();
    expect(store.getPage(`${HOST}.shows.again`, "en")).toBeUndefined();
    expect(store.errorsFor(`${HOST}.shows.again`)[0]?.issues[0]).toMatch(/loops back/);
  });

  it("refuses a page document over the size limit before parsing it, by file, and keeps the other pages", () => {
    // Valid under the old schema (200 blocks of 20,000 characters): 4.6 MB on disk.
    const huge = page("Huge", { body: Array.from({ length: 200 }, () => ({ type: "rich_text", text: '{callout text="x" tone="tip"}\n'.repeat(666) })) });
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home"), "test/pages/huge.en.json": huge });
    const parse = vi.spyOn(JSON, "parse");
    const { errors } = scan(dir);
    const store = openContent(dir, { log: () => {} });
    expect(store.getPage(HOST, "en")).toBeDefined();
    expect(store.getPage(`${HOST}.huge`, "en")).toBeUndefined();
    expect(parse.mock.calls.some(([text]) => String(text).length > PAGE_LIMITS.fileBytes)).toBe(false);
    const expected = {
      file: expect.stringMatching(/test\/pages\/huge\.en\.json$/),
      uid: `${HOST}.huge`,
      issues: [expect.stringMatching(/^\(file size\): 4\d\d\d KB; at most 512 KB$/)],
    };
    expect(errors).toEqual([expected]);
    expect(store.errorsFor(`${HOST}.huge`)).toEqual([expected]);
  });

  it("reports a document over a schema limit by file and field, and keeps the other pages", () => {
    const crowded = page("Crowded", { body: [{ type: "rich_text", text: "{icon type=Timings} ".repeat(PAGE_LIMITS.inlineBlocksPerBlock + 1) }] });
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home"), "test/pages/crowded.en.json": crowded });
    const store = openContent(dir, { log: () => {} });
    expect(store.getPage(HOST, "en")).toBeDefined();
    expect(store.getPage(`${HOST}.crowded`, "en")).toBeUndefined();
    expect(store.errorsFor(`${HOST}.crowded`)).toEqual([
      {
        file: expect.stringMatching(/crowded\.en\.json$/),
        uid: `${HOST}.crowded`,
        issues: [expect.stringMatching(/^body\.0\.text: 101 inline blocks; at most 100 in one block$/)],
      },
    ]);
  });

  it("the embedded content stays far inside the document limits (a fifth of each at most)", () => {
    for (const p of scan("content").pages) {
      const text = p.doc.body.flatMap((b) => (b.type === "rich_text" ? [b.text] : []));
      const measured = text.map(measureRichText);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      expect(statSync(path.join("content", p.file)).size * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.fileBytes);
      expect(p.doc.body.length * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.blocks);
      expect(Math.max(0, ...text.map((t) => t.length)) * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.textPerBlock);
      expect(sum(text.map((t) => t.length)) * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.textPerDocument);
      expect(sum(measured.map((m) => m.elements)) * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.textElementsPerDocument);
      expect(Math.max(0, ...measured.map((m) => m.inlineBlocks)) * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.inlineBlocksPerBlock);
      expect(sum(measured.map((m) => m.inlineBlocks)) * 5, p.file).toBeLessThanOrEqual(PAGE_LIMITS.inlineBlocksPerDocument);
    }
  });

  it("every frame in the embedded content is on the allow-list, so its maps still render", () => {
    let frames = 0;
    for (const p of scan("content").pages) {
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
    expect(scan(dir).errors).toEqual([]);
    expect(readFileSync(path.join(dir, "test/pages/notes.txt"), "utf8")).toBe("ignore me");
  });
});

describe("the on-demand store", () => {
  it("finds a document from its uid and language, and sites by host", () => {
    const dir = makeContent({
      "test/site.json": site,
      "test/pages/index.en.json": page("Home"),
      "test/pages/index.fr.json": page("Accueil"),
      "test/pages/shows/big-show.en.json": page("Big show", { pageType: "show" }),
      "test/pages/shows/index.en.json": page("All shows", { pageType: "category" }),
    });
    const store = openContent(dir);
    expect(store.errors()).toEqual([]);
    expect(store.getPage(HOST, "fr")?.doc.heading).toBe("Accueil");
    expect(store.getPage(`${HOST}.shows.big-show`, "en")?.doc.pageType).toBe("show");
    expect(store.getPage(`${HOST}.shows`, "en")?.doc.heading).toBe("All shows");
    expect(store.getPage(`${HOST}.shows.big-show`, "fr")).toBeUndefined();
    expect(store.languagesOf(HOST)).toEqual(["en", "fr"]);
    expect(store.languagesOf(`${HOST}.nothing`)).toEqual([]);
    expect(store.siteByHost(`${HOST.toUpperCase()}:3000`)?.name).toBe("Test Site");
    expect(store.siteForUid(`${HOST}.shows.big-show`)?.host).toBe(HOST);
    expect(store.siteByHost("www.other.example")).toBeUndefined();
  });

  it("reads only site files at start-up: a broken document is found when it is asked for, named by file and field", () => {
    const dir = makeContent({
      "test/site.json": site,
      "test/pages/index.en.json": page("Home"),
      "test/pages/broken.en.json": page("Broken", { pageType: "castle" }),
      "test/pages/only-french.fr.json": page("Seulement"),
    });
    const { store, logged } = openWithClock(dir);
    expect(logged).toEqual([]);
    expect(store.cacheStats().documents).toBe(0);
    expect(store.getPage(`${HOST}.broken`, "en")).toBeUndefined();
    expect(store.errorsFor(`${HOST}.broken`)[0]?.issues.some((i) => i.startsWith("pageType:"))).toBe(true);
    expect(logged.join("\n")).toMatch(/broken\.en\.json\n {2}pageType:/);
    expect(store.getPage(`${HOST}.only-french`, "fr")).toBeUndefined();
    expect(store.errorsFor(`${HOST}.only-french`)[0]?.issues[0]).toMatch(/no English document/);
    expect(store.getPage(HOST, "en")).toBeDefined();
  });

  it("keeps a bounded number of documents, and still serves every one", () => {
    const files: Record<string, unknown> = { "test/site.json": site, "test/pages/index.en.json": page("Home") };
    for (let i = 0; i < 30; i++) files[`test/pages/p${i}.en.json`] = page(`Page ${i}`);
    const store = openContent(makeContent(files), { maxEntries: 5 });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 30; i++) expect(store.getPage(`${HOST}.p${i}`, "en")?.doc.heading).toBe(`Page ${i}`);
    }
    expect(store.cacheStats().documents).toBeLessThanOrEqual(5);
  });

  it("bounds the kept documents by size too", () => {
    const files: Record<string, unknown> = { "test/site.json": site, "test/pages/index.en.json": page("Home") };
    for (let i = 0; i < 20; i++) files[`test/pages/p${i}.en.json`] = page(`Page ${i}`, { intro: "x".repeat(500) });
    const store = openContent(makeContent(files), { maxBytes: 20_000 });
    for (let i = 0; i < 20; i++) expect(store.getPage(`${HOST}.p${i}`, "en")?.doc.heading).toBe(`Page ${i}`);
    expect(store.cacheStats().bytes).toBeLessThanOrEqual(20_000);
    expect(store.cacheStats().documents).toBeLessThan(20);
  });

  it("revalidates in the background only what was used within sweepUsedWithinMs; the rest when next asked for", () => {
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home"), "test/pages/old.en.json": page("Old") });
    const { store, tick } = openWithClock(dir, { sweepUsedWithinMs: 5000 });
    expect(store.getPage(`${HOST}.old`, "en")?.doc.heading).toBe("Old");
    for (let i = 0; i < 6; i++) tick();
    expect(store.getPage(HOST, "en")?.doc.heading).toBe("Home");
    rewrite(path.join(dir, "test/pages/old.en.json"), page("Old, edited"));
    tick();
    expect(store.revalidate(), "a document last used 7 s ago is not swept").toBe(false);
    rewrite(path.join(dir, "test/pages/index.en.json"), page("Home, edited"));
    tick();
    expect(store.revalidate(), "one used 2 s ago is").toBe(true);
    expect(store.getPage(`${HOST}.old`, "en")?.doc.heading, "asked for again, the old one is revalidated then").toBe("Old, edited");
  });

  it("serves an edit once its freshness runs out, and tells listeners when a revalidation sees it", () => {
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home") });
    const { store, tick } = openWithClock(dir);
    const changes = vi.fn();
    store.onChange(changes);
    expect(store.getPage(HOST, "en")?.doc.heading).toBe("Home");
    rewrite(path.join(dir, "test/pages/index.en.json"), page("Home, edited"));
    expect(store.getPage(HOST, "en")?.doc.heading, "fresh for a second").toBe("Home");
    tick();
    expect(store.revalidate()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(store.getPage(HOST, "en")?.doc.heading).toBe("Home, edited");
    tick();
    expect(store.revalidate(), "nothing changed since").toBe(false);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it("keeps serving the last good version of a document that turns invalid, logging its file and field once", () => {
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home"), "test/pages/guide.en.json": page("Guide") });
    const { store, tick, logged } = openWithClock(dir);
    expect(store.getPage(`${HOST}.guide`, "en")?.doc.heading).toBe("Guide");
    rewrite(path.join(dir, "test/pages/guide.en.json"), page("Guide", { heading: 42 }));
    for (let i = 0; i < 5; i++) {
      tick();
      store.revalidate();
      expect(store.getPage(`${HOST}.guide`, "en")?.doc.heading).toBe("Guide");
    }
    expect(store.errorsFor(`${HOST}.guide`)).toEqual([
      { file: expect.stringMatching(/guide\.en\.json$/), uid: `${HOST}.guide`, issues: [expect.stringMatching(/^heading: /)] },
    ]);
    expect(logged.filter((line) => line.includes("guide.en.json"))).toHaveLength(1);
    expect(logged[0]).toMatch(/guide\.en\.json\n {2}heading: Invalid input/);
    // Fixed: the new version is served and the error is gone.
    rewrite(path.join(dir, "test/pages/guide.en.json"), page("Guide, fixed"));
    tick();
    expect(store.getPage(`${HOST}.guide`, "en")?.doc.heading).toBe("Guide, fixed");
    expect(store.errorsFor(`${HOST}.guide`)).toEqual([]);
  });

  it("serves a new page and a new language, and stops serving a removed one", () => {
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home"), "test/pages/old.en.json": page("Old") });
    const { store, tick } = openWithClock(dir);
    expect(store.getPage(`${HOST}.new`, "en")).toBeUndefined();
    expect(store.getPage(`${HOST}.old`, "en")).toBeDefined();
    expect(store.languagesOf(HOST)).toEqual(["en"]);
    writeFileSync(path.join(dir, "test/pages/new.en.json"), JSON.stringify(page("New")));
    writeFileSync(path.join(dir, "test/pages/index.de.json"), JSON.stringify(page("Startseite")));
    rmSync(path.join(dir, "test/pages/old.en.json"));
    tick();
    expect(store.revalidate()).toBe(true);
    expect(store.getPage(`${HOST}.new`, "en")?.doc.heading).toBe("New");
    expect(store.getPage(`${HOST}.old`, "en")).toBeUndefined();
    expect(store.languagesOf(HOST)).toEqual(["en", "de"]);
  });

  it("notices a site folder added beside the others", () => {
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home") });
    const { store, tick } = openWithClock(dir);
    const other = "www.other-site.example";
    expect(store.siteByHost(other)).toBeUndefined();
    // The host set links were resolved with stays the same object until a site comes or goes (page-view.server.ts).
    const hosts = store.hosts;
    expect(store.hosts).toBe(hosts);
    mkdirSync(path.join(dir, "other/pages"), { recursive: true });
    writeFileSync(path.join(dir, "other/pages/index.en.json"), JSON.stringify(page("Other home")));
    writeFileSync(path.join(dir, "other/site.json"), JSON.stringify({ ...site, host: other, name: "Other" }));
    const later = new Date(Date.now() + 5000);
    utimesSync(dir, later, later);
    tick();
    store.revalidate();
    expect(store.siteByHost(other)?.name).toBe("Other");
    expect(store.hosts).not.toBe(hosts);
    expect([...store.hosts].sort()).toEqual([HOST, other].sort());
    expect(hosts.has(other)).toBe(false);
    expect(store.getPage(other, "en")?.doc.heading).toBe("Other home");
  });

  it("serves an edited site.json, keeps the last good one while it is invalid, and follows a new host", () => {
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home") });
    const { store, tick, logged } = openWithClock(dir);
    const siteFile = path.join(dir, "test/site.json");
    expect(store.siteByHost(HOST)?.name).toBe("Test Site");
    rewrite(siteFile, { ...site, name: "Renamed" });
    tick();
    expect(store.revalidate()).toBe(true);
    expect(store.siteByHost(HOST)?.name).toBe("Renamed");
    rewrite(siteFile, { ...site, name: 42 });
    tick();
    expect(store.revalidate(), "an invalid site.json changes nothing served").toBe(false);
    expect(store.siteByHost(HOST)?.name).toBe("Renamed");
    expect(logged.filter((line) => /site\.json\n {2}name: /.test(line))).toHaveLength(1);
    const moved = "www.moved-site.example";
    rewrite(siteFile, { ...site, host: moved });
    tick();
    expect(store.revalidate()).toBe(true);
    expect(store.siteByHost(HOST)).toBeUndefined();
    expect(store.getPage(HOST, "en")).toBeUndefined();
    expect(store.getPage(moved, "en")?.doc.heading).toBe("Home");
  });

  it("lists sites by host, paginated and searchable, and a site's pages", () => {
    const files: Record<string, unknown> = {};
    for (let i = 0; i < 120; i++) {
      const host = `www.site-${String(i).padStart(3, "0")}.example`;
      files[`s${i}/site.json`] = { ...site, host, name: `Site ${i}` };
      files[`s${i}/pages/index.en.json`] = page("Home");
    }
    files["s7/pages/a.en.json"] = page("A");
    files["s7/pages/a.fr.json"] = page("A fr");
    files["s7/pages/b/c.en.json"] = page("C");
    const store = openContent(makeContent(files));
    const first = store.listSites({ offset: 0, limit: 50 });
    expect(first.total).toBe(120);
    expect(first.sites.map((s) => s.host).slice(0, 2)).toEqual(["www.site-000.example", "www.site-001.example"]);
    expect(store.listSites({ offset: 100, limit: 50 }).sites).toHaveLength(20);
    const found = store.listSites({ query: "SITE-01", offset: 0, limit: 50 });
    expect(found.total).toBe(10);
    expect(found.sites[0]?.site?.name).toBe("Site 10");
    expect(store.listPages("www.site-007.example", { offset: 0, limit: 50 })).toEqual({
      total: 3,
      pages: [
        { uid: "www.site-007.example", langs: ["en"] },
        { uid: "www.site-007.example.a", langs: ["en", "fr"] },
        { uid: "www.site-007.example.b.c", langs: ["en"] },
      ],
    });
    expect(store.listPages("www.nowhere.example", { offset: 0, limit: 50 })).toBeUndefined();
  });

  it("logs a bad entry once, and a dangling symlink beside the sites drops no site", () => {
    const dir = makeContent({ "test/site.json": site, "test/pages/index.en.json": page("Home") });
    symlinkSync(path.join(dir, "deleted"), path.join(dir, "old-site"));
    symlinkSync(path.join(dir, "nowhere.en.json"), path.join(dir, "test/pages/gone.en.json"));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = getContentStore(dir);
    getContentStore(dir);
    expect(store.getPage(HOST, "en")).toBeDefined();
    for (let i = 0; i < 3; i++) {
      expect(store.getPage(`${HOST}.gone`, "en")).toBeUndefined();
      store.revalidate();
    }
    const logged = log.mock.calls.map((args) => args.join(" "));
    expect(logged.filter((line) => line.includes("gone.en.json"))).toHaveLength(1);
    expect(logged.filter((line) => line.includes("old-site"))).toHaveLength(1);
  });
});
