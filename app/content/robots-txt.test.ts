import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import robotsParser from "robots-parser";
import { describe, expect, it } from "vitest";
import { robotsTxt } from "./robots-txt";

// robots.txt as a crawler reads it (robots-parser applies Google's rules: longest match, `*` and `$`).

const HOST = "www.paris-experiences.example";
const ORIGIN = `https://${HOST}`;
const production = () => robotsParser(`${ORIGIN}/robots.txt`, robotsTxt({ mode: "production", siteHost: HOST }));

/** A flat route file's URL path: `tracking.plan[.]json.tsx` → /tracking/plan.json, `[_directory].tsx` → /_directory. */
function routePath(file: string): string {
  const name = file.replace(/\.tsx?$/, "").replace(/\[\.\]/g, "\u0000");
  const segments = name
    .split(".")
    .filter((segment) => segment !== "_index")
    .map((segment) => segment.replace(/\u0000/g, ".").replace(/^\[(.*)\]$/, "$1"));
  return `/${segments.join("/")}`;
}

describe("robots.txt", () => {
  it("in production URL mode allows the pages in every URL form and names the host's sitemap", () => {
    const robots = production();
    for (const page of [
      "/",
      "/fr/",
      "/eiffel-tower/",
      "/de/guides/best-time-to-visit/",
      "/tracking-tips/",
      "/consent-forms/",
      `/?uid=${HOST}.day-trips&lang=fr`,
    ]) {
      expect(robots.isAllowed(`${ORIGIN}${page}`, "Googlebot"), page).toBe(true);
    }
    expect(robots.getSitemaps()).toEqual([`${ORIGIN}/sitemap.xml`]);
    expect(robots.isAllowed(`${ORIGIN}/sitemap.xml`, "Googlebot")).toBe(true);
    expect(robots.isAllowed(`${ORIGIN}/sitemap/1.xml`, "Googlebot")).toBe(true);
  });

  it("keeps crawlers from a route's data and from every route that is not a page", () => {
    const robots = production();
    for (const notPage of ["/?_data=root", "/fr/eiffel-tower/?_data=routes%2F%24", `/?uid=${HOST}&_data=routes%2F_index`]) {
      expect(robots.isDisallowed(`${ORIGIN}${notPage}`, "Googlebot"), notPage).toBe(true);
    }
    // Every route file but the pages' own (and robots.txt, the sitemaps), as it is served.
    const routes = readdirSync(fileURLToPath(new URL("../routes", import.meta.url))).filter((file) => !/^(\$|_index|robots|sitemap)/.test(file));
    expect(routes.length).toBeGreaterThan(8);
    for (const file of routes) {
      const url = `${ORIGIN}${routePath(file)}`;
      expect(robots.isDisallowed(url, "Googlebot"), `${file} → ${url}`).toBe(true);
    }
    expect(robots.isDisallowed(`${ORIGIN}/readyz`, "Googlebot")).toBe(true);
  });

  it("names no sitemap on a host that is no site's", () => {
    expect(robotsParser(`${ORIGIN}/robots.txt`, robotsTxt({ mode: "production", siteHost: null })).getSitemaps()).toEqual([]);
  });

  it("outside production URL mode disallows everything", () => {
    for (const mode of ["development", "test"] as const) {
      const robots = robotsParser("http://localhost:3000/robots.txt", robotsTxt({ mode, siteHost: HOST }));
      for (const url of ["http://localhost:3000/", `http://localhost:3000/?uid=${HOST}&lang=en`, "http://localhost:3000/sitemap.xml"]) {
        expect(robots.isDisallowed(url, "Googlebot"), `${mode} ${url}`).toBe(true);
      }
      expect(robots.getSitemaps()).toEqual([]);
    }
  });
});
