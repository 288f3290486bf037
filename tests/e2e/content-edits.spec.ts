import { expect, test, type APIRequestContext } from "@playwright/test";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseLogLine, startStorefront, type StorefrontServer } from "./storefront-server";

// Content at fleet scale: a server of its own over a copy of content/ (the shared folder is never
// edited), with the page micro-cache on as in production (PAGE_CACHE_TTL_MS=5000). Edited, added and removed
// documents are served within 5 seconds without a restart; an edit that breaks a document keeps its last
// good version and is logged once by file and field. Sixty more sites make the directory paginate.

const PARIS = "www.paris-experiences.example";
const EXTRA_SITES = 60;
const WITHIN_MS = 5000;

let server: StorefrontServer;
let content: string;

const file = (rel: string) => path.join(content, rel);
const readDoc = (rel: string) => JSON.parse(readFileSync(file(rel), "utf8")) as Record<string, unknown>;

/** Asks for `url` until `done` holds or WITHIN_MS passes; the time it took. */
async function until(request: APIRequestContext, url: string, done: (status: number, body: string) => boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    const response = await request.get(`${server.origin}${url}`);
    if (done(response.status(), await response.text())) return Date.now() - started;
    if (Date.now() - started > WITHIN_MS + 2000) throw new Error(`${url} did not change within ${WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test.describe("content edited while the server runs", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    content = mkdtempSync(path.join(tmpdir(), "content-edits-"));
    cpSync(path.resolve("content"), content, { recursive: true });
    // More sites than one directory page holds: copies of the city site under their own hosts.
    const site = readFileSync(path.resolve("content/paris-experiences/site.json"), "utf8");
    const home = readFileSync(path.resolve("content/paris-experiences/pages/index.en.json"), "utf8");
    for (let i = 0; i < EXTRA_SITES; i++) {
      const rewrite = (text: string) => text.split("paris-experiences.example").join(`city-${String(i).padStart(2, "0")}.example`);
      mkdirSync(path.join(content, `city-${i}/pages`), { recursive: true });
      writeFileSync(path.join(content, `city-${i}/site.json`), rewrite(site));
      writeFileSync(path.join(content, `city-${i}/pages/index.en.json`), rewrite(home));
    }
    server = await startStorefront({ CONTENT_DIR: content, PAGE_CACHE_TTL_MS: "5000" });
  });

  test.afterAll(async () => {
    await server?.stop();
    rmSync(content, { recursive: true, force: true });
  });

  test("an edited document is served within 5 seconds, without a restart, though the page was in the micro-cache", async ({ request }) => {
    const url = `/?uid=${PARIS}.eiffel-tower&lang=en`;
    const before = await (await request.get(`${server.origin}${url}`)).text();
    // Asked twice: the second answer comes from the micro-cache, which keeps a page up to 5 s.
    await request.get(`${server.origin}${url}`);
    const doc = readDoc("paris-experiences/pages/eiffel-tower.en.json");
    expect(before).toContain(String(doc.heading));
    writeFileSync(file("paris-experiences/pages/eiffel-tower.en.json"), JSON.stringify({ ...doc, heading: "Eiffel Tower, edited live" }));
    const took = await until(request, url, (status, body) => status === 200 && body.includes("Eiffel Tower, edited live"));
    expect(took).toBeLessThanOrEqual(WITHIN_MS);
  });

  test("an edit that breaks a document keeps its last good version, and logs its file and field once", async ({ request }) => {
    const url = `/?uid=${PARIS}.day-trips&lang=fr`;
    const rel = "paris-experiences/pages/day-trips.fr.json";
    const doc = readDoc(rel);
    const good = await request.get(`${server.origin}${url}`);
    expect(good.status()).toBe(200);
    const from = server.logs.length;
    writeFileSync(file(rel), JSON.stringify({ ...doc, heading: 42 }));
    // Several revalidations (one a second) and requests later: still the good version, one report.
    for (let i = 0; i < 6; i++) {
      const response = await request.get(`${server.origin}${url}`);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain(String(doc.heading));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const logged = await server.logsSince(from);
    const naming = logged.filter((line) => line.includes(rel));
    expect(naming, logged.join("\n")).toHaveLength(1);
    // One line (JSON): the file, then each field at fault on a line of the message.
    expect(parseLogLine(naming[0]!)?.msg).toMatch(/\n\s+heading: Invalid input: expected string, received number/);
  });

  test("a new page appears within 5 seconds, and a removed one is a 404 within 5 seconds", async ({ request }) => {
    const url = `/?uid=${PARIS}.new-walk&lang=en`;
    const missing = await request.get(`${server.origin}${url}`);
    expect(missing.status()).toBe(404);
    // A shared cache may keep the 404 five seconds at most, the browser not at all.
    expect(missing.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=5");
    const doc = readDoc("paris-experiences/pages/day-trips.en.json");
    writeFileSync(file("paris-experiences/pages/new-walk.en.json"), JSON.stringify({ ...doc, heading: "A new walk" }));
    expect(await until(request, url, (status, body) => status === 200 && body.includes("A new walk"))).toBeLessThanOrEqual(WITHIN_MS);

    await request.get(`${server.origin}${url}`);
    rmSync(file("paris-experiences/pages/new-walk.en.json"));
    expect(await until(request, url, (status) => status === 404)).toBeLessThanOrEqual(WITHIN_MS);
  });

  test("the directory pages through the sites, finds one by host, and lists a site's pages", async ({ page }) => {
    await page.goto(`${server.origin}/`);
    await expect(page.getByRole("heading", { level: 1, name: "Site directory" })).toBeVisible();
    await expect(page.getByText(`${EXTRA_SITES + 2} sites · page 1 of 2`)).toBeVisible();
    const pager = page.getByRole("navigation", { name: "Pages of sites" });
    await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("row")).toHaveCount(50 + 1);
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("row")).toHaveCount(EXTRA_SITES + 2 - 50 + 1);

    // Search by host, from the keyboard.
    const search = page.getByRole("searchbox", { name: "Search sites by host" });
    await search.fill("london");
    await search.press("Enter");
    await expect(page).toHaveURL(/\?q=london$/);
    await expect(page.getByText("1 site whose host contains london")).toBeVisible();
    await expect(pager).toHaveCount(0);
    await page.getByRole("link", { name: "London Theatre Tickets", exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: "London Theatre Tickets" })).toBeVisible();
    await page.getByRole("link", { name: "Les Misérables (de)" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1, name: "Les Misérables" })).toBeVisible();
  });

  test("an unknown site in the directory is a 404, and a page number past the end shows the last page", async ({ request }) => {
    expect((await request.get(`${server.origin}/?site=www.nowhere.example`)).status()).toBe(404);
    const last = await (await request.get(`${server.origin}/?page=99`)).text();
    expect(last).toMatch(/page 2<!-- --> of <!-- -->2|page 2 of 2/);
  });
});
