import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page, Route } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";
import { expect, PARIS, test, VISITOR_AGENTS } from "./fixtures";
import { startStorefront, type StorefrontServer } from "./storefront-server";

// First-party collection (docs/tracking.md#first-party-collection), seen from a visitor's browser against a
// server of its own whose sink is a folder this test reads: a consenting phone visit taps a booking link and
// leaves, after the app runs or before it (the app's scripts held back: the head script's beacon), and the sink holds
// every event its data layer held, by event_id, once; a visit without analytics consent posts nothing, either way.

const CATEGORY = `/?uid=${PARIS}.day-trips&lang=en`;
const GRANTED = "ad_storage:granted|analytics_storage:granted|ad_user_data:granted|ad_personalization:granted";
const DENIED = "ad_storage:denied|analytics_storage:denied|ad_user_data:denied|ad_personalization:denied";

// The phone's user agent on the command line too: Chromium sends a beacon of a page that is going away from the
// browser process, without the page's user-agent override, and the server would take "HeadlessChrome" for a bot.
test.use({
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  userAgent: VISITOR_AGENTS.phone,
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--user-agent=${VISITOR_AGENTS.phone}`] },
});

let server: StorefrontServer;
let folder: string;
test.beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "collector-e2e-"));
  server = await startStorefront({ COLLECT_SINK: `file:${folder}`, LOG_LEVEL: "warn" });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * Every event pushed to window.dataLayer on the storefront's pages, kept in localStorage in the task that pushed it
 * (a binding's message from a page that is going away can be lost: the Web Vitals pushed at the exit are).
 */
async function recordPushes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (location.hostname.includes("book.roamly")) return;
    const layer: unknown[] = [];
    layer.push = function (...entries: unknown[]) {
      for (const entry of entries) {
        const item = entry as { event?: unknown; event_id?: unknown };
        if (typeof item?.event === "string" && typeof item.event_id === "string")
          localStorage.setItem("test:pushed", `${localStorage.getItem("test:pushed") ?? ""}${item.event_id} ${item.event}\n`);
      }
      return Array.prototype.push.apply(this, entries);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
}

/** What the visit's pages pushed, read back on the storefront's origin once the visitor has left. */
async function pushedEvents(page: Page): Promise<Array<{ event: string; id: string }>> {
  await page.goto(`${server.origin}/healthz`);
  const text = await page.evaluate(() => localStorage.getItem("test:pushed") ?? "");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => ({ id: line.split(" ")[0]!, event: line.split(" ")[1]! }));
}

function stored(): Array<{ event: string; id: string }> {
  const file = path.join(folder, `events-${new Date().toISOString().slice(0, 10)}.ndjson`);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { event: string; event_id: string })
    .map((line) => ({ event: line.event, id: line.event_id }));
}
const storedIds = () => stored().map((entry) => entry.id);

async function consent(context: BrowserContext, value: string) {
  await context.addCookies([{ name: "consent-state", value: encodeURIComponent(value), url: server.origin }]);
}

async function stubBookingSite(context: BrowserContext) {
  await context.route("https://*.book.roamly.example/**", (route: Route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Booking</title><h1>Booking</h1>" }),
  );
}

/** The page's data-layer events, its page view and booking tap among them, each stored once by the collector since `before`. */
async function expectEveryPushStoredOnce(page: Page, before: number): Promise<void> {
  const pushed = await pushedEvents(page);
  const names = pushed.map((entry) => entry.event);
  expect(names).toContain("page_viewed");
  expect(names).toContain("booking_link_clicked");
  const byId = (list: Array<{ event: string; id: string }>) => list.map((entry) => `${entry.id} ${entry.event}`).sort();
  await expect.poll(() => byId(stored().slice(before)), { timeout: 10_000 }).toEqual(byId(pushed));
  expect(new Set(storedIds()).size).toBe(storedIds().length);
}

/** The visitor taps the first booking link and is on the booking site. */
async function tapBookingAndLeave(page: Page): Promise<void> {
  await page
    .getByRole("link", { name: /^Book now/ })
    .first()
    .tap();
  await page.waitForURL(/book\.roamly\.example/);
}

/** The URLs of the page's posts to the collector, as they are made. */
function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/events") posts.push(request.url());
  });
  return posts;
}

test("a consenting phone visit taps a booking link and leaves: the sink holds every event of its data layer, by event_id, once", async ({ page, context }) => {
  await consent(context, GRANTED);
  await recordPushes(context);
  await stubBookingSite(context);
  const before = storedIds().length;
  // The pipeline is here once its collector has posted the page's first events.
  const firstPost = page.waitForResponse((response) => new URL(response.url()).pathname === "/events");
  await page.goto(`${server.origin}${CATEGORY}`);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect((await firstPost).status()).toBe(200);
  await tapBookingAndLeave(page);
  // Once the booking page is shown, the storefront's page is gone: what it had to send, it has sent.
  await expectEveryPushStoredOnce(page, before);
});

test("a visit without analytics consent posts nothing", async ({ page, context }) => {
  await consent(context, DENIED);
  await recordPushes(context);
  await stubBookingSite(context);
  const posts = recordPosts(page);
  const before = storedIds().length;
  await page.goto(`${server.origin}${CATEGORY}`);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  await tapBookingAndLeave(page);
  expect((await pushedEvents(page)).map((entry) => entry.event)).toContain("booking_link_clicked");
  expect(posts).toEqual([]);
  expect(storedIds()).toHaveLength(before);
});

/**
 * The page's own scripts never arrive (held unanswered, not refused, so the browser logs no error): the visitor taps
 * before the app runs, once the head script's page view is in the data layer and the booking link is shown.
 */
async function openWithoutApp(page: Page, url: string) {
  await page.route("**/build/**", () => {});
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(() => (window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer?.some((entry) => entry.event === "page_viewed"));
}

test("before the app runs, a consenting phone visit taps a booking link and leaves: the head script's beacon brings the page view and the tap's events, once", async ({
  page,
  context,
}) => {
  await consent(context, GRANTED);
  await recordPushes(context);
  await stubBookingSite(context);
  const before = storedIds().length;
  await openWithoutApp(page, `${server.origin}${CATEGORY}`);
  await tapBookingAndLeave(page);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  await expectEveryPushStoredOnce(page, before);
});

test("before the app runs, a visit without analytics consent taps a booking link and leaves: nothing is posted", async ({ page, context }) => {
  await consent(context, DENIED);
  await recordPushes(context);
  await stubBookingSite(context);
  const posts = recordPosts(page);
  const before = storedIds().length;
  await openWithoutApp(page, `${server.origin}${CATEGORY}`);
  await tapBookingAndLeave(page);
  expect((await pushedEvents(page)).map((entry) => entry.event)).toContain("booking_link_clicked");
  expect(posts).toEqual([]);
  expect(storedIds()).toHaveLength(before);
});
