import { chromium, type Browser, type Page } from "@playwright/test";
import { getEventDefinition } from "../../tracking/catalogue";
import { entrySchema } from "../../tracking/envelope";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";
import { E2E_PORT, expect, LTT, PARIS, test, VISITOR_AGENTS } from "./fixtures";
import { startStorefront, type StorefrontServer } from "./storefront-server";

// Moving between pages (docs/requirements.md#11-moving-between-pages, docs/decisions/045-client-navigation.md):
// same-site links are navigations inside the app once it runs, plain links before and for bots; each page shown
// is counted once, then its lists; focus, title and scroll follow; what belonged to the old page goes; a page
// restored from the back/forward cache counts again with its menus closed.

type Entry = Record<string, unknown>;

const CITY = `/?uid=${PARIS}&lang=en`;
const DAY_TRIPS = `/?uid=${PARIS}.day-trips&lang=en`;
const EIFFEL = `/?uid=${PARIS}.eiffel-tower&lang=en`;
const GUIDE = `/?uid=${PARIS}.guides.paris-in-a-weekend&lang=en`;
const SHOW = `/?uid=${LTT}.shows.les-miserables&lang=en`;
const TIMING_KEY = process.env.E2E_SERVER_TIMING_KEY ?? "e2e-server-timing-key-5d1e8b2a";

/** The tracked events in the data layer, in order (field Web Vitals arrive on the browser's schedule: left out). */
const trackedEvents = (page: Page) =>
  page.evaluate(
    () =>
      (window.dataLayer ?? []).filter((entry) => {
        const name = (entry as { event?: unknown }).event;
        return typeof name === "string" && !name.startsWith("web_vital_");
      }) as Array<Record<string, unknown>>,
  );

/** A mark on this document: still there after a navigation inside the app, gone after a document load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __thisDocument: boolean }).__thisDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __thisDocument?: boolean }).__thisDocument === true);

/** The item_list_id of every list the page describes for its impression. */
const listIds = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("[data-track-view]")].flatMap((list) =>
      (JSON.parse(list.getAttribute("data-track-view") ?? "[]") as Array<{ event?: string; ecommerce?: { item_list_id?: string } }>)
        .filter((item) => item.event === "view_item_list")
        .map((item) => item.ecommerce!.item_list_id!),
    ),
  );

/** The computed look of the page's heading and of the first element of each of its first blocks. */
const looks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main h1, main [data-block] > *:first-child")].slice(0, 12).map((element) => {
      const style = getComputedStyle(element);
      return `${element.tagName} ${style.fontSize} ${style.display} ${style.color} ${style.paddingTop} ${style.borderRadius}`;
    }),
  );

function expectValid(entry: Entry) {
  const definition = getEventDefinition(String(entry.event));
  expect(definition, String(entry.event)).toBeDefined();
  const result = entrySchema(definition!).safeParse(entry);
  expect(result.success, `${String(entry.event)}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
}

test.describe("on a desktop", () => {
  test.use({ userAgent: VISITOR_AGENTS.desktop, viewport: { width: 1280, height: 800 } });

  test("a navigation inside the app pushes one page_viewed (navigation_type client), then the new page's impressions; the old page's lists are not counted again", async ({
    page,
  }) => {
    await page.goto(CITY);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const oldLists = await listIds(page);
    await page.locator("[data-experience-list]").first().scrollIntoViewIfNeeded();
    await expect.poll(async () => (await trackedEvents(page)).some((entry) => entry.event === "view_item_list")).toBe(true);
    const before = (await trackedEvents(page)).length;

    await markDocument(page);
    await page.locator("main").getByRole("link", { name: "day trips", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${DAY_TRIPS.replace(/[?.]/g, "\\$&")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Day trips");
    expect(await sameDocument(page)).toBe(true);
    await page.locator("[data-experience-list]").first().scrollIntoViewIfNeeded();
    await expect.poll(async () => (await trackedEvents(page)).slice(before).some((entry) => entry.event === "view_item_list")).toBe(true);
    // Read once the page is whole: after a link inside the app, the blocks below the first come a frame later.
    const newLists = await listIds(page);

    // What the old page still pushed (its header's last scroll facts) goes before; the new page starts with its page view.
    const after = (await trackedEvents(page)).slice(before);
    const start = after.findIndex((entry) => (entry.page as { uid?: string } | undefined)?.uid === `${PARIS}.day-trips`);
    expect(after.slice(start).every((entry) => (entry.page as { uid: string }).uid === `${PARIS}.day-trips`)).toBe(true);
    expect(after[start]).toMatchObject({
      event: "page_viewed",
      navigation_type: "client",
      page_path: DAY_TRIPS,
      page_title: (await page.title()).slice(0, 100),
      page_referrer: `http://localhost:${E2E_PORT}/`,
      page: { uid: `${PARIS}.day-trips`, isMobile: false },
    });
    expect(after.filter((entry) => entry.event === "page_viewed")).toHaveLength(1);
    const counted = after.filter((entry) => entry.event === "view_item_list").map((entry) => (entry.ecommerce as { item_list_id: string }).item_list_id);
    for (const id of counted) expect(newLists, `${id} is a list of the new page`).toContain(id);
    for (const id of oldLists.filter((id) => !newLists.includes(id))) expect(counted, `${id} belongs to the old page`).not.toContain(id);
    for (const entry of after) expectValid(entry);
  });

  test("focus goes to the new heading, the title and the scroll follow; back goes through the router and restores the scroll", async ({ page }) => {
    await page.goto(CITY);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Best time to visit Paris" });
    await footerLink.scrollIntoViewIfNeeded();
    const scrolledTo = await page.evaluate(() => scrollY);
    expect(scrolledTo).toBeGreaterThan(1000);
    await markDocument(page);

    // By keyboard, as a screen reader user would.
    await footerLink.focus();
    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(/best time to visit Paris/i);
    await expect(page).toHaveTitle(/^Best time to visit Paris/);
    await expect(heading).toBeFocused();
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(await sameDocument(page)).toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${CITY.replace(/[?.]/g, "\\$&")}$`));
    await expect(page).toHaveTitle(/Paris/);
    await expect.poll(async () => Math.abs((await page.evaluate(() => scrollY)) - scrolledTo)).toBeLessThanOrEqual(1);
    expect(await sameDocument(page)).toBe(true);
    const views = (await trackedEvents(page)).filter((entry) => entry.event === "page_viewed");
    expect(views.map((view) => [view.navigation_type, view.page_path])).toEqual([
      ["navigate", CITY],
      ["client", `/?uid=${PARIS}.guides.best-time-to-visit&lang=en`],
      ["client", CITY],
    ]);
  });

  test("every page reached inside the app keeps the page's CSP: no violation, its styles as on a document load", async ({ page, browser }) => {
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = []);
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
    });
    await page.goto(CITY);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await markDocument(page);
    const steps: Array<[() => Promise<void>, string]> = [
      [() => page.locator("main").getByRole("link", { name: "Eiffel Tower tickets" }).click(), EIFFEL],
      [() => page.getByRole("banner").getByRole("link", { name: "Day trips" }).first().click(), DAY_TRIPS],
      [() => page.getByRole("contentinfo").getByRole("link", { name: "Best time to visit Paris" }).click(), `/?uid=${PARIS}.guides.best-time-to-visit&lang=en`],
    ];
    for (const [follow, path] of steps) {
      await follow();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[?.]/g, "\\$&")}$`));
      await expect(page.locator("main [data-block]").first()).toBeVisible();
      expect(await sameDocument(page)).toBe(true);
      // Styled as the same page loaded as a document: the heading and the first element of each block.
      const loaded = await browser.newPage({ userAgent: VISITOR_AGENTS.desktop, viewport: { width: 1280, height: 800 } });
      await loaded.goto(path);
      await expect(loaded.locator("html[data-hydrated]")).toHaveCount(1);
      const fresh = await looks(loaded);
      await loaded.close();
      await expect.poll(() => looks(page)).toEqual(fresh);
    }
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
  });

  test("a page whose data was fetched ahead, before the visitor chose another currency, shows the chosen one", async ({ page }) => {
    // Fetched ahead and kept (the request finished).
    const fetched: string[] = [];
    page.on("requestfinished", (request) => {
      if (request.url().includes("_data=")) fetched.push(request.url());
    });
    await page.goto(CITY);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const link = page.locator("main").getByRole("link", { name: "Eiffel Tower tickets" });
    await link.hover();
    await expect.poll(() => fetched.some((url) => url.includes(`${PARIS}.eiffel-tower`))).toBe(true);

    const banner = page.getByRole("banner");
    const currency = banner.locator('summary[aria-label^="Currency:"]').filter({ visible: true });
    await expect(currency).toHaveAttribute("aria-label", "Currency: EUR");
    await currency.click();
    await banner.getByRole("form", { name: "Currency" }).getByRole("button", { name: "JPY", exact: true }).click();
    await expect(currency).toHaveAttribute("aria-label", "Currency: JPY");

    await markDocument(page);
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Eiffel Tower");
    expect(await sameDocument(page)).toBe(true);
    await expect(currency).toHaveAttribute("aria-label", "Currency: JPY");
    await expect(page.locator("[data-price-state=shown]").first()).toContainText("¥");
  });

  test("a bot gets plain links and nothing fetched ahead; a visitor's hover fetches the page's data", async ({ browser }) => {
    const visit = async (userAgent: string) => {
      const context = await browser.newContext({ userAgent, viewport: { width: 1280, height: 800 }, extraHTTPHeaders: { "cloudfront-viewer-country": "US" } });
      const page = await context.newPage();
      const dataRequests: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("_data=")) dataRequests.push(request.url());
      });
      await page.goto(CITY);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      const link = page.locator("main").getByRole("link", { name: "Eiffel Tower tickets" });
      await link.hover();
      return { context, page, link, dataRequests };
    };

    const visitor = await visit(VISITOR_AGENTS.desktop);
    await expect.poll(() => visitor.dataRequests.some((url) => url.includes(`${PARIS}.eiffel-tower`))).toBe(true);
    await visitor.context.close();

    const bot = await visit(VISITOR_AGENTS.bot);
    const html = await (await bot.page.request.get(CITY, { headers: { "user-agent": VISITOR_AGENTS.bot } })).text();
    expect(html).toContain(`href="${EIFFEL.replace(/&/g, "&amp;")}"`);
    await bot.page.mouse.wheel(0, 4000);
    await bot.page.waitForLoadState("networkidle");
    await markDocument(bot.page);
    await bot.link.click();
    await expect(bot.page).toHaveTitle(/^Eiffel Tower/);
    expect(await sameDocument(bot.page)).toBe(false);
    expect(bot.dataRequests).toEqual([]);
    await bot.context.close();
  });
});

test.describe("on a phone", () => {
  test.use({ userAgent: VISITOR_AGENTS.phone, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test("a tap on a same-site link before the app has hydrated loads the page as a document", async ({ page }) => {
    // The app's scripts never arrive: the page is its HTML, CSS and inline scripts only.
    await page.route("**/build/**", () => {});
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("_data=")) dataRequests.push(request.url());
    });
    await page.goto(CITY, { waitUntil: "domcontentloaded" });
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await markDocument(page);
    await page.locator("main").getByRole("link", { name: "Eiffel Tower tickets" }).tap();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Eiffel Tower/);
    await expect(page).toHaveURL(new RegExp(`${EIFFEL.replace(/[?.]/g, "\\$&")}$`));
    expect(await sameDocument(page)).toBe(false);
    expect(dataRequests).toEqual([]);
    // The new document's own page view, from its <head>.
    expect((await trackedEvents(page)).filter((entry) => entry.event === "page_viewed")).toMatchObject([{ page_path: EIFFEL, navigation_type: "navigate" }]);
  });

  test("a link on screen fetches its page's data ahead and the tap uses it, asking nothing more; after a navigation the page left is fetched ahead", async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("_data=")) asked.push(decodeURIComponent(request.url()));
    });
    const of = (uid: string) => asked.filter((url) => url.includes(`uid=${uid}&`)).length;
    const eiffel = `${PARIS}.eiffel-tower`;
    await page.goto(CITY);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const link = page.locator("main").getByRole("link", { name: "Eiffel Tower tickets" });
    await link.scrollIntoViewIfNeeded();
    await expect.poll(() => of(eiffel)).toBe(1);
    // Nothing is added to the document for it, and the header's logo links to the page shown: nothing to fetch.
    expect(await page.locator("link[rel=prefetch]").count()).toBe(0);
    expect(of(PARIS)).toBe(0);

    await markDocument(page);
    await link.tap();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Eiffel Tower");
    expect(await sameDocument(page)).toBe(true);
    // The new page's content is the page's own, from the data fetched ahead: the tap asked the network nothing.
    await expect(page.locator("main [data-block]").first()).toBeVisible();
    expect(of(eiffel)).toBe(1);
    // The logo now links to the page left: fetched ahead once the new page is shown.
    await expect.poll(() => of(PARIS)).toBe(1);

    // Back: through the router, the page left from what was kept, asking nothing.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${CITY.replace(/[?.]/g, "\\$&")}$`));
    await expect(page.getByRole("heading", { level: 1 })).not.toContainText("Eiffel Tower");
    await expect(page.locator("main [data-block]").first()).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    expect(of(PARIS)).toBe(1);
  });

  test("a tap on a same-site link after the page hydrated but before the consent banner did loads a document: the bar keeps its HTML, no React error", async ({
    page,
  }) => {
    // The banner's chunk never arrives: the page runs, the banner stays its server HTML. A navigation inside the app
    // would make React give that HTML up (error 421, a page error here) and draw the bar again once its chunk came.
    await page.route(/\/build\/_shared\/ConsentBanner-[A-Z0-9]+\.js$/, () => {});
    await page.goto(CITY);
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await markDocument(page);
    await page.locator("main").getByRole("link", { name: "Eiffel Tower tickets" }).tap();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Eiffel Tower/);
    expect(await sameDocument(page)).toBe(false);
    await expect(page.locator("[data-consent-banner]")).toHaveCount(1);
  });

  test("a link in the open menu navigates inside the app: the menu closes through its machine, the shell's machines carry on, the old page's stop", async ({
    page,
  }) => {
    // Every actor's latest status, from the development inspection bridge (the suite runs in development URL mode).
    await page.addInitScript(() => {
      const actors: Record<string, string> = ((window as unknown as { __actors: Record<string, string> }).__actors = {});
      new BroadcastChannel("storefront-machines").onmessage = ({
        data,
      }: MessageEvent<{ kind?: string; actorId?: string; machineId?: string; status?: string }>) => {
        if (data.kind === "snapshot") actors[data.actorId!] = `${data.machineId}:${data.status}`;
      };
    });
    const actors = () => page.evaluate(() => ({ ...(window as unknown as { __actors: Record<string, string> }).__actors }));
    await page.goto(GUIDE);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect.poll(async () => Object.values(await actors()).some((actor) => actor.startsWith("video:"))).toBe(true);
    const before = await actors();
    await markDocument(page);

    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.tap();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await page.locator("#mobile-menu").getByRole("link", { name: "Day trips" }).tap();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Day trips");
    expect(await sameDocument(page)).toBe(true);
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    const events = await trackedEvents(page);
    const view = events.findIndex((entry) => entry.event === "page_viewed" && entry.navigation_type === "client");
    expect(view).toBeGreaterThan(0);
    expect(events.slice(view).filter((entry) => entry.event === "menu_closed")).toEqual([
      expect.objectContaining({ menu: "mobile_menu", reason: "navigation" }),
    ]);

    // The same actors as before: the shell's still running, the old page's stopped.
    const statusOf = async (machines: readonly string[]) => {
      const now = await actors();
      return Object.entries(before)
        .filter(([, actor]) => machines.includes(actor.split(":")[0]!))
        .map(([id, actor]) => `${actor.split(":")[0]}:${now[id]?.split(":")[1]}`)
        .sort();
    };
    const shell = ["header", "disclosure", "viewport", "modalStack", "toasts"];
    const oldPage = ["video", "jumpLink", "download"];
    expect(await statusOf(shell)).toEqual(
      Object.values(before)
        .filter((actor) => shell.includes(actor.split(":")[0]!))
        .map((actor) => `${actor.split(":")[0]}:active`)
        .sort(),
    );
    await expect
      .poll(() => statusOf(oldPage))
      .toEqual(
        Object.values(before)
          .filter((actor) => oldPage.includes(actor.split(":")[0]!))
          .map((actor) => `${actor.split(":")[0]}:stopped`)
          .sort(),
      );
    expect((await statusOf(oldPage)).length).toBeGreaterThan(2);
  });

  test("a page the browser prerenders pushes nothing until it is shown, then its page_viewed (prerender) and its impressions", async ({ page }) => {
    // Chromium turns real prerendering off while a DevTools client (Playwright) is attached, so the
    // prerendering state is simulated: document.prerendering until the test shows the page.
    await page.addInitScript(() => {
      let prerendering = true;
      Object.defineProperty(document, "prerendering", { get: () => prerendering, configurable: true });
      (window as unknown as { __show: () => void }).__show = () => {
        prerendering = false;
        document.dispatchEvent(new Event("prerenderingchange"));
      };
    });
    await page.goto(DAY_TRIPS);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    // A list in view, the app hydrated, the network quiet: a shown page would have counted by now.
    await page.locator("[data-experience-list]").first().scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(await trackedEvents(page)).toEqual([]);

    await page.evaluate(() => (window as unknown as { __show: () => void }).__show());
    await expect.poll(async () => (await trackedEvents(page)).some((entry) => entry.event === "view_item_list")).toBe(true);
    const events = await trackedEvents(page);
    expect(events[0]).toMatchObject({ event: "page_viewed", navigation_type: "prerender", page_path: DAY_TRIPS });
    expect(events.filter((entry) => entry.event === "page_viewed")).toHaveLength(1);
  });
});

test("a page's data answer is cached as its page: the page's Cache-Control and Vary, a strong ETag and its 304, and the page cache's hit", async ({
  request,
}) => {
  const headers = { "user-agent": VISITOR_AGENTS.phone, "accept-encoding": "br, gzip" };
  const data = `${SHOW}&_data=routes%2F_index`;
  const page = await request.get(SHOW, { headers });
  const first = await request.get(data, { headers });
  expect(first.status()).toBe(200);
  expect(first.headers()["content-type"]).toContain("application/json");
  expect(await first.json()).toMatchObject({ kind: "page", context: { uid: `${LTT}.shows.les-miserables` } });
  expect(first.headers()["cache-control"]).toBe(page.headers()["cache-control"]);
  expect(first.headers()["cache-control"]).toMatch(/^public, .*s-maxage=\d+/);
  expect(first.headers()["vary"]).toBe(page.headers()["vary"]);
  const etag = first.headers()["etag"]!;
  expect(etag).toMatch(/^"[\w-]+-(br|gzip)"$/);
  expect(etag).not.toBe(page.headers()["etag"]);

  const again = await request.get(data, { headers: { ...headers, "if-none-match": etag } });
  expect(again.status()).toBe(304);
  const operator = await request.get(data, { headers: { ...headers, "x-server-timing-key": TIMING_KEY } });
  expect(operator.headers()["server-timing"]).toContain('page-cache;desc="hit"');
  expect(await operator.json()).toEqual(await first.json());
});

test.describe("the back/forward cache (production URL mode: no development inspector)", () => {
  let server: StorefrontServer;
  let browser: Browser;
  test.beforeAll(async () => {
    server = await startStorefront({ URL_MODE: "production" });
    // Playwright turns the cache off unless asked not to.
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ignoreDefaultArgs: ["--disable-back-forward-cache"] });
  });
  test.afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("a page restored from the back/forward cache pushes one page_viewed (back_forward) and comes back with its menu closed", async () => {
    const context = await browser.newContext({
      userAgent: VISITOR_AGENTS.phone,
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: { "cloudfront-viewer-country": "US" },
    });
    const errors: string[] = [];
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const notRestored: unknown[] = [];
    const cdp = await context.newCDPSession(page);
    await cdp.send("Page.enable");
    cdp.on("Page.backForwardCacheNotUsed", (event) => notRestored.push(event.notRestoredExplanations));
    await page.addInitScript(() => {
      addEventListener("pageshow", (event) => {
        if (event.persisted) (window as unknown as { __restored: number }).__restored = ((window as unknown as { __restored?: number }).__restored ?? 0) + 1;
      });
    });
    const origin = `http://${LTT}:${server.port}`;
    await page.goto(`${origin}/shows/les-miserables/`);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.tap();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    const viewsBefore = (await trackedEvents(page)).filter((entry) => entry.event === "page_viewed");
    expect(viewsBefore).toMatchObject([{ navigation_type: "navigate" }]);

    // A document load (the browser's own navigation), then back.
    await page.goto(`${origin}/theatres/sondheim-theatre/`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Sondheim");
    await page.goBack({ waitUntil: "commit" });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __restored?: number }).__restored ?? 0)).toBe(1);
    expect(notRestored).toEqual([]);

    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    const events = await trackedEvents(page);
    const views = events.filter((entry) => entry.event === "page_viewed");
    expect(views).toHaveLength(2);
    expect(views[1]).toMatchObject({ navigation_type: "back_forward", page_path: "/shows/les-miserables/", page: { uid: `${LTT}.shows.les-miserables` } });
    const restoredAt = events.indexOf(views[1]!);
    expect(events.slice(restoredAt).filter((entry) => entry.event === "menu_closed")).toEqual([
      expect.objectContaining({ menu: "mobile_menu", reason: "navigation" }),
    ]);
    for (const entry of events.slice(restoredAt)) expectValid(entry);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test.describe("content links in production URL mode (each site on its own host)", () => {
  test.use({ userAgent: VISITOR_AGENTS.phone, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  let server: StorefrontServer;
  test.beforeAll(async () => {
    server = await startStorefront({ URL_MODE: "production" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  // Resolved on the server for the page's site: a page of the site has one URL, its path, and stays in the app.
  // (No Paris page links to another site's; app/content/page-view.server.test.ts covers that link's absolute URL.)
  test("a content link to a page of the site is its path, and a tap on it is a navigation inside the app", async ({ page }) => {
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("_data=")) dataRequests.push(request.url());
    });
    const origin = `http://${PARIS}:${server.port}`;
    await page.goto(`${origin}/`);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const link = page.locator("main").getByRole("link", { name: "day trips", exact: true });
    await expect(link).toHaveAttribute("href", "/day-trips/");
    expect(await link.getAttribute("rel")).toBeNull();

    await markDocument(page);
    await link.tap();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Day trips");
    await expect(page).toHaveURL(`${origin}/day-trips/`);
    expect(await sameDocument(page)).toBe(true);
    // Every page's data asked for (ahead, as links come on screen, and for the tap) by its one URL, on this host.
    expect(dataRequests.map((url) => new URL(url).pathname)).toContain("/day-trips/");
    for (const url of dataRequests) {
      expect(new URL(url).origin).toBe(origin);
      expect(new URL(url).searchParams.has("uid"), url).toBe(false);
    }
    const views = (await trackedEvents(page)).filter((entry) => entry.event === "page_viewed");
    expect(views.map((view) => [view.navigation_type, view.page_path])).toEqual([
      ["navigate", "/"],
      ["client", "/day-trips/"],
    ]);
  });
});
