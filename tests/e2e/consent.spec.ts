import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { E2E_PORT, expect, PARIS, test, VISITOR_AGENTS } from "./fixtures";
import { watchShifts } from "./layout-shifts";

// The consent banner, as a visitor meets it. Opts out of the fixtures' US visitor: each
// test names its country. Real browsers' user agents: the test browser's own is a bot, and bots never
// see the banner.

const DESKTOP_UA = VISITOR_AGENTS.desktop;
const BOT_UA = VISITOR_AGENTS.bot;
const EIFFEL = `/?uid=${PARIS}.eiffel-tower&lang=en`;
const DAY_TRIPS = `/?uid=${PARIS}.day-trips&lang=en`;
const COUNTRY = "cloudfront-viewer-country";

const denied = { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };
const granted = { ad_storage: "granted", analytics_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" };

test.use({ userAgent: DESKTOP_UA, extraHTTPHeaders: {}, viewport: { width: 1280, height: 800 } });

type Entry = Record<string, unknown> | unknown[];
/** Without the field Web Vitals, which arrive on the browser's schedule (web-vitals.spec.ts tests them). */
const readDataLayer = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? [])
      .filter((entry) => !String((entry as { event?: unknown }).event).startsWith("web_vital_"))
      .map((entry) => (Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as ArrayLike<unknown>) : entry)),
  ) as Promise<Entry[]>;

/**
 * In the browser: the banner's display in the first frame that has all of it (frames before had less of the
 * document; a bar parsed only in part stays hidden by design, so it never paints as a growing title).
 */
function recordBannerAtFirstFrame() {
  const check = () => {
    const bar = document.querySelector("[data-consent-banner]");
    if (bar?.querySelector(":scope > [data-consent-end]"))
      (window as unknown as { __bannerAtFirstFrame: string }).__bannerAtFirstFrame = getComputedStyle(bar).display;
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

const banner = (page: Page) => page.getByRole("region", { name: "Your privacy choices" });
/** The banner's machine runs (its chunk is fetched after hydration): it marks the bar with its state. */
const hydrated = (page: Page) => expect(page.locator("[data-consent-banner][data-state]")).toHaveCount(1);

async function consentCookie(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === "consent-state");
  return cookie === undefined ? undefined : decodeURIComponent(cookie.value);
}

/** What was pushed from the Consent Mode update on: the update, then tracked events by name. */
async function afterUpdate(page: Page): Promise<Array<unknown[] | string>> {
  const entries = await readDataLayer(page);
  const at = entries.findIndex((entry) => Array.isArray(entry) && entry[0] === "consent" && entry[1] === "update");
  return at < 0 ? [] : entries.slice(at).map((entry) => (Array.isArray(entry) ? entry : (entry.event as string)));
}

test.describe("a visitor in Germany without a stored choice", () => {
  test.use({ extraHTTPHeaders: { [COUNTRY]: "DE" } });

  test("sees the banner in the server's HTML, shown from the first paint", async ({ page, request }) => {
    const html = await (await request.get(EIFFEL, { headers: { "user-agent": DESKTOP_UA, [COUNTRY]: "DE" } })).text();
    expect(html).toMatch(/<section[^>]*aria-labelledby="consent-title"[^>]*data-default="denied"/);
    expect(html).toContain('action="/consent"');
    // Shown at the first frame, before the app's scripts run.
    await page.addInitScript(recordBannerAtFirstFrame);
    await page.goto(EIFFEL);
    expect(await page.evaluate(() => (window as unknown as { __bannerAtFirstFrame: string }).__bannerAtFirstFrame)).toBe("block");
    await expect(banner(page).getByRole("button", { name: "Accept all" })).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Reject all" })).toBeVisible();
  });

  test("with a stored choice the banner is hidden from the first frame (no flash)", async ({ page, context }) => {
    await context.addCookies([
      {
        name: "consent-state",
        value: "ad_storage:denied|analytics_storage:denied|ad_user_data:denied|ad_personalization:denied",
        url: `http://localhost:${E2E_PORT}`,
      },
    ]);
    await page.addInitScript(recordBannerAtFirstFrame);
    await page.goto(EIFFEL);
    expect(await page.evaluate(() => (window as unknown as { __bannerAtFirstFrame: string }).__bannerAtFirstFrame)).toBe("none");
    await hydrated(page);
    await expect(banner(page)).toBeHidden();
  });

  test("Reject all: cookie, an update with every signal denied, then consent_updated, no navigation; gone on the next page", async ({ page, context }) => {
    await page.goto(EIFFEL);
    await hydrated(page);
    await expect(banner(page)).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const accept = banner(page).getByRole("button", { name: "Accept all" });
    const reject = banner(page).getByRole("button", { name: "Reject all" });
    // Refusing is as easy as accepting: the same size and look, one tap.
    expect(await reject.boundingBox().then((b) => b?.height)).toBe(await accept.boundingBox().then((b) => b?.height));
    expect(await reject.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(await accept.evaluate((el) => getComputedStyle(el).backgroundColor));
    await reject.click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await consentCookie(context)).toBe("ad_storage:denied|analytics_storage:denied|ad_user_data:denied|ad_personalization:denied");
    await expect.poll(() => afterUpdate(page)).toEqual([["consent", "update", denied], "consent_updated", "consent_choice_saved"]);
    const saved = (await readDataLayer(page)).find((entry) => !Array.isArray(entry) && entry.event === "consent_choice_saved");
    expect(saved).toMatchObject({ choice: "reject_all", saved_from: "banner", analytics: "denied", advertising: "denied" });

    // The next page: the stored choice is applied in <head> before the page view, and no banner.
    await page.goto(DAY_TRIPS);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await hydrated(page);
    await expect(banner(page)).toBeHidden();
    const entries = await readDataLayer(page);
    expect(entries[1]).toEqual(["consent", "update", denied]);
    expect(entries[2]).toMatchObject({ event: "page_viewed" });
  });

  test("Accept all grants every signal", async ({ page, context }) => {
    await page.goto(EIFFEL);
    await hydrated(page);
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await consentCookie(context)).toBe("ad_storage:granted|analytics_storage:granted|ad_user_data:granted|ad_personalization:granted");
    await expect.poll(() => afterUpdate(page)).toEqual([["consent", "update", granted], "consent_updated", "consent_choice_saved"]);
  });

  test("Choose, then Save stores a mix; Back returns to the banner; the keyboard reaches everything", async ({ page, context }) => {
    await page.goto(EIFFEL);
    await hydrated(page);
    await banner(page).getByRole("link", { name: "Choose" }).click();
    const analytics = banner(page).getByRole("checkbox", { name: /Analytics/ });
    const advertising = banner(page).getByRole("checkbox", { name: /Advertising/ });
    // Focus moves into the choices; nothing is ticked for a visitor whose default is denied.
    await expect(analytics).toBeFocused();
    await expect(analytics).not.toBeChecked();
    await expect(advertising).not.toBeChecked();
    await banner(page).getByRole("button", { name: "Back" }).click();
    await expect(analytics).toBeHidden();
    await expect(banner(page)).toBeVisible();

    await banner(page).getByRole("link", { name: "Choose" }).click();
    await page.keyboard.press("Space"); // ticks Analytics, which has focus
    await expect(analytics).toBeChecked();
    await banner(page).getByRole("button", { name: "Save choices" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toBeHidden();
    expect(await consentCookie(context)).toBe("ad_storage:denied|analytics_storage:granted|ad_user_data:denied|ad_personalization:denied");
    await expect
      .poll(() => afterUpdate(page))
      .toEqual([
        ["consent", "update", { ad_storage: "denied", analytics_storage: "granted", ad_user_data: "denied", ad_personalization: "denied" }],
        "consent_updated",
        "consent_choice_saved",
      ]);
  });

  test("the footer's Cookie settings opens the choices with the banner up and again after a choice; Accept all and Reject all there save from the choices", async ({
    page,
    context,
  }) => {
    await page.goto(EIFFEL);
    await hydrated(page);
    const settings = page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" });
    const analytics = banner(page).getByRole("checkbox", { name: /Analytics/ });
    const savedFrom = async () =>
      (await readDataLayer(page))
        .filter((entry) => !Array.isArray(entry) && entry.event === "consent_choice_saved")
        .map((entry) => [(entry as Entry & { choice: string }).choice, (entry as Entry & { saved_from: string }).saved_from]);

    // With the banner up: the choices open, showing the region's default (nothing ticked).
    await settings.click();
    await expect(analytics).toBeFocused();
    await expect(analytics).not.toBeChecked();
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await expect(banner(page)).toBeHidden();
    await expect(settings).toBeFocused();
    expect(await consentCookie(context)).toBe("ad_storage:granted|analytics_storage:granted|ad_user_data:granted|ad_personalization:granted");

    // After the choice: the choices open again, showing what is in force, and Reject all replaces it.
    await settings.click();
    await expect(analytics).toBeFocused();
    await expect(analytics).toBeChecked();
    await banner(page).getByRole("button", { name: "Reject all" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await consentCookie(context)).toBe("ad_storage:denied|analytics_storage:denied|ad_user_data:denied|ad_personalization:denied");
    await expect.poll(savedFrom).toEqual([
      ["accept_all", "choices"],
      ["reject_all", "choices"],
    ]);
  });

  test("the bar overlays the page without moving it, and the page behind stays usable, its end included", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(EIFFEL);
    await hydrated(page);
    const bar = banner(page);
    await expect(bar).toBeVisible();
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(740, 0);
    expect(box.height).toBeLessThan(740 * 0.7);
    // Not modal: the header's menu still opens with the banner up.
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
    await page.keyboard.press("Escape");
    // At the end of the page the footer has room for the bar below its links: the last one is above it, tappable.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    const lastLink = page.getByRole("contentinfo").getByRole("link").last();
    const linkBox = (await lastLink.boundingBox())!;
    expect(linkBox.y + linkBox.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);
    expect((await bar.boundingBox())!.y + (await bar.boundingBox())!.height).toBeCloseTo(740, 0);
    await lastLink.click({ trial: true });
  });

  test("on a slow network the bar is not painted until it has arrived whole, so it never grows upwards", async ({ page }) => {
    // A proxy that sends the page up to the banner's title, holds the rest until told, and passes
    // everything else through: what a phone meets when the document comes in several packets.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const proxy = createServer(async (req, res) => {
      const upstream = await fetch(`http://127.0.0.1:${E2E_PORT}${req.url}`, { headers: { "user-agent": DESKTOP_UA, [COUNTRY]: "DE" } });
      const body = Buffer.from(await upstream.arrayBuffer());
      res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/octet-stream" });
      const cut = req.url === EIFFEL ? body.indexOf("</h2>", body.indexOf("data-consent-banner")) : -1;
      if (cut < 0) return void res.end(body);
      res.write(body.subarray(0, cut));
      await held;
      res.end(body.subarray(cut));
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      await page.setViewportSize({ width: 375, height: 740 });
      const shifts = await watchShifts(page);
      await page.goto(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}${EIFFEL}`, { waitUntil: "commit" });
      const bar = page.locator("[data-consent-banner]");
      await expect(bar.locator("h2")).toHaveText("Your privacy choices");
      // The browser has painted what it has: the bar with its title alone stays hidden.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await bar.evaluate((el) => el.checkVisibility())).toBe(false);
      release();
      await expect(banner(page)).toBeVisible();
      await expect(banner(page).getByRole("button", { name: "Reject all" })).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect((await shifts()).all).toBe(0);
    } finally {
      release();
      // The page goes first: chunks it loads after hydration come through the proxy too.
      await page.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`passes axe at ${viewport.width} px, with the banner and with the choices open`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(EIFFEL);
      await hydrated(page);
      await expect(banner(page)).toBeVisible();
      const audit = async () =>
        (
          await new AxeBuilder({ page }).include("[data-consent-banner]").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
        ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(await audit()).toEqual([]);
      await banner(page).getByRole("link", { name: "Choose" }).click();
      await expect(banner(page).getByRole("checkbox", { name: /Analytics/ })).toBeVisible();
      expect(await audit()).toEqual([]);
    });
  }

  test("in German on a German page", async ({ page }) => {
    await page.goto(`/?uid=${PARIS}.eiffel-tower&lang=de`);
    await expect(page.getByRole("region", { name: "Ihre Datenschutz-Einstellungen" }).getByRole("button", { name: "Alle ablehnen" })).toBeVisible();
  });

  test("a bot never sees it", async ({ browser }) => {
    const context = await browser.newContext({ userAgent: BOT_UA, extraHTTPHeaders: { [COUNTRY]: "DE" } });
    const page = await context.newPage();
    await page.goto(EIFFEL);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await context.close();
  });
});

test.describe("without JavaScript", () => {
  test("the banner's form sets the cookie and comes back to the page; Choose opens the choices", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, userAgent: DESKTOP_UA, extraHTTPHeaders: { [COUNTRY]: "FR" } });
    const page = await context.newPage();
    await page.goto(EIFFEL);
    await expect(banner(page)).toBeVisible();
    await Promise.all([page.waitForURL((url) => url.search.includes("eiffel-tower")), banner(page).getByRole("button", { name: "Reject all" }).click()]);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(EIFFEL);
    expect(await consentCookie(context)).toBe("ad_storage:denied|analytics_storage:denied|ad_user_data:denied|ad_personalization:denied");

    await banner(page).getByRole("link", { name: "Choose" }).click();
    await banner(page)
      .getByRole("checkbox", { name: /Advertising/ })
      .check();
    await banner(page).getByRole("button", { name: "Save choices" }).click();
    await expect.poll(() => consentCookie(context)).toBe("ad_storage:granted|analytics_storage:denied|ad_user_data:granted|ad_personalization:granted");
    await context.close();
  });
});

test.describe("a visitor in the US", () => {
  test.use({ extraHTTPHeaders: { [COUNTRY]: "US" } });

  test("sees no banner, but the footer's Cookie settings opens the choices; Escape closes them and focus returns", async ({ page, context }) => {
    await page.goto(EIFFEL);
    await hydrated(page);
    await expect(banner(page)).toBeHidden();
    const link = page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect(banner(page)).toBeVisible();
    // The choices show what is in force: granted by default here.
    const advertising = banner(page).getByRole("checkbox", { name: /Advertising/ });
    await expect(advertising).toBeChecked();
    await expect(banner(page).getByRole("checkbox", { name: /Analytics/ })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(banner(page)).toBeHidden();
    await expect(link).toBeFocused();
    expect(await consentCookie(context)).toBeUndefined();

    await link.click();
    await advertising.uncheck();
    await banner(page).getByRole("button", { name: "Save choices" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await consentCookie(context)).toBe("ad_storage:denied|analytics_storage:granted|ad_user_data:denied|ad_personalization:denied");
    await expect
      .poll(() => afterUpdate(page).then((entries) => entries.slice(0, 2)))
      .toEqual([
        ["consent", "update", { ad_storage: "denied", analytics_storage: "granted", ad_user_data: "denied", ad_personalization: "denied" }],
        "consent_updated",
      ]);
  });
});

test.describe("POST /consent", () => {
  const post = (page: Page, form: Record<string, string>, headers: Record<string, string> = {}) =>
    page.request.post("/consent", { form, headers, maxRedirects: 0, failOnStatusCode: false });

  test("sets a year-long Lax cookie and sends the visitor back with a 303; refuses bad fields by name, and other sites", async ({ page }) => {
    const ok = await post(page, { choice: "custom", analytics: "granted", returnTo: EIFFEL });
    expect(ok.status()).toBe(303);
    expect(ok.headers().location).toBe(EIFFEL);
    const cookie = ok.headers()["set-cookie"] ?? "";
    expect(cookie).toContain("consent-state=ad_storage%3Adenied%7Canalytics_storage%3Agranted%7Cad_user_data%3Adenied%7Cad_personalization%3Adenied");
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Domain="); // host-only in development URL mode

    const unsafe = await post(page, { choice: "reject_all", returnTo: "//evil.example/" });
    expect(unsafe.status()).toBe(303);
    expect(unsafe.headers().location).toBe("/");

    const bad = await post(page, { choice: "maybe" });
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain("choice");
    const badBox = await post(page, { choice: "custom", analytics: "yes" });
    expect(badBox.status()).toBe(400);
    expect(await badBox.text()).toContain("analytics");

    const crossSite = await post(page, { choice: "accept_all" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(crossSite.status()).toBe(403);
    expect(crossSite.headers()["set-cookie"]).toBeUndefined();
  });
});
