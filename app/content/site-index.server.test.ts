import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeContentFile as write } from "../../tests/unit/content-file";
import type { ContentError } from "./page-document";
import { normalHost, openSiteIndex } from "./site-index.server";

// The host index alone: which hosts are served from which folder, what a bad or duplicate site.json
// does, and when the Set it gives out changes.

const site = (host: string, name = "Test Site") => ({
  host,
  name,
  brand: "city-experiences",
  header: { logoUrl: "/logo.svg", logoAltText: "Home" },
  footer: { copyright: "© Test" },
});

function open(files: Record<string, unknown>) {
  const root = mkdtempSync(path.join(tmpdir(), "site-index-"));
  for (const [file, value] of Object.entries(files)) write(path.join(root, file), value);
  let t = 1_000_000;
  const reported: ContentError[] = [];
  const index = openSiteIndex(root, { freshMs: 1000, now: () => t, maxEntries: 10, report: (error) => reported.push(error) });
  return { root, index, reported, tick: () => void (t += 1000) };
}

describe("the host index", () => {
  it("serves each host from its folder, sorted, and nothing else", () => {
    const { index } = open({ "b/site.json": site("www.b-site.example", "B"), "a/site.json": site("www.a-site.example", "A") });
    expect(index.sortedHosts()).toEqual(["www.a-site.example", "www.b-site.example"]);
    expect(index.folderOf("www.b-site.example")).toBe("b");
    expect(index.site("www.a-site.example")?.name).toBe("A");
    expect(index.site("www.c-site.example")).toBeUndefined();
    expect(index.errors()).toEqual([]);
  });

  it("refuses a second folder naming a host already served, by file, and keeps the first", () => {
    const { index, reported } = open({ "a/site.json": site("www.same.example", "A"), "b/site.json": site("www.same.example", "B") });
    expect(index.size).toBe(1);
    expect(index.site("www.same.example")?.name).toBe("A");
    expect(reported).toEqual([{ file: path.join("b", "site.json"), issues: ["host: www.same.example is already used by another site"] }]);
    expect(index.errors()).toEqual(reported);
  });

  it("indexes by host alone at start-up: a bad site.json is named by field when its site is asked for, and other sites are served", () => {
    const { index, reported } = open({
      "a/site.json": { ...site("www.a-site.example"), brand: "nope" },
      "b/site.json": site("www.b-site.example"),
      "c/site.json": { ...site("www.c-site.example"), host: "Not A Host" },
    });
    expect(index.sortedHosts()).toEqual(["www.a-site.example", "www.b-site.example"]);
    expect(reported.map((error) => error.file)).toEqual([path.join("c", "site.json")]);
    expect(index.site("www.a-site.example")).toBeUndefined();
    expect(index.site("www.b-site.example")?.host).toBe("www.b-site.example");
    expect(reported.map((error) => error.file)).toEqual([path.join("c", "site.json"), path.join("a", "site.json")]);
    expect(reported[1]?.issues.join()).toMatch(/^brand: /);
  });

  it("gives out the same Set until a site comes or goes", () => {
    const { root, index, tick } = open({ "a/site.json": site("www.a-site.example") });
    const first = index.hosts();
    expect(index.revalidate()).toBe(false);
    expect(index.hosts()).toBe(first);
    write(path.join(root, "b/site.json"), site("www.b-site.example"));
    tick();
    expect(index.revalidate()).toBe(true);
    expect(index.hosts()).not.toBe(first);
    expect([...index.hosts()].sort()).toEqual(["www.a-site.example", "www.b-site.example"]);
    rmSync(path.join(root, "a"), { recursive: true });
    tick();
    expect(index.revalidate()).toBe(true);
    expect([...index.hosts()]).toEqual(["www.b-site.example"]);
  });

  it("follows a site.json that names another host, and no longer serves the old one", () => {
    const { root, index, tick } = open({ "a/site.json": site("www.old.example") });
    expect(index.site("www.old.example")).toBeDefined();
    write(path.join(root, "a/site.json"), site("www.newer.example"));
    tick();
    expect(index.revalidate()).toBe(true);
    expect(index.site("www.old.example")).toBeUndefined();
    expect(index.site("www.newer.example")?.host).toBe("www.newer.example");
    expect(index.folderOf("www.newer.example")).toBe("a");
  });

  it("keys a Host header without its case or port", () => {
    expect(normalHost("WWW.A-Site.example:3000")).toBe("www.a-site.example");
    expect(normalHost("www.a-site.example")).toBe("www.a-site.example");
  });
});
