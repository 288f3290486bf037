import type { Locator, Page } from "@playwright/test";
import { expect, PARIS, test } from "./fixtures";

// The Paris "best time to visit" guide holds every block type and every inline block type.
// No console error (fixture), and no layout shift while scrolling through it as images and embeds load.

const GUIDE = `/?uid=${PARIS}.guides.best-time-to-visit`;

/** No outside network: every non-loopback request gets a small local stand-in. */
async function stubOutsideHosts(page: Page) {
  const hosts: string[] = [];
  await page.route(
    (url) => !["localhost", "127.0.0.1"].includes(url.hostname) && !url.hostname.endsWith(".example"),
    (route) => {
      const url = new URL(route.request().url());
      hosts.push(url.hostname);
      const isImage = route.request().resourceType() === "image";
      return isImage
        ? route.fulfill({ status: 404, body: "" })
        : route.fulfill({
            status: 200,
            contentType: "text/html",
            body: `<!doctype html><title>${url.hostname}</title><body style="margin:0;background:#eee">stub</body>`,
          });
    },
  );
  return hosts;
}

/** Sums layout-shift entries (ignoring those right after input), from before the first paint. */
async function observeLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        // Name what moved, so a failure says where to look.
        const nodes = (entry.sources ?? []).map(
          ({ node, previousRect: a, currentRect: b }: { node?: Node | null; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }) => {
            const name =
              node instanceof Element
                ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}[${[...node.attributes].map((x) => x.name).join(",")}]`
                : `"${(node?.textContent ?? "").slice(0, 24)}"`;
            return `${name} (${Math.round(a?.y ?? 0)}→${Math.round(b?.y ?? 0)}, h ${Math.round(a?.height ?? 0)}→${Math.round(b?.height ?? 0)})`;
          },
        );
        w.__shifts.push(`${entry.value.toFixed(5)} at ${Math.round(entry.startTime)}ms: ${nodes.join(" ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = (page.viewportSize()?.height ?? 800) / 2;
  for (let y = 0; y <= height; y += step) {
    await page.mouse.wheel(0, step);
    await page.waitForFunction((target) => window.scrollY >= Math.min(target, document.documentElement.scrollHeight - window.innerHeight) - 2, y);
  }
  // Every image the visitor scrolled past has loaded (or fallen back).
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 375, height: 740 },
]) {
  test(`${viewport.name}: the all-blocks guide renders every block with no layout shift`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await stubOutsideHosts(page);
    await observeLayoutShift(page);
    await page.goto(`${GUIDE}&lang=en`);
    await expect(page.getByRole("heading", { level: 1, name: "The best time to visit Paris" })).toBeVisible();

    // Every body block type is on the page.
    for (const type of ["rich_text", "image", "video", "price", "experience_list", "download"]) {
      await expect(page.locator(`[data-block="${type}"]`).first()).toBeAttached();
    }

    // Shell, not blocks: the webfonts replace the metric-matched fallback faces once they arrive
    // (tests/e2e/fonts.spec.ts holds that swap). Measure block behaviour from the moment the fonts
    // have settled: everything below the fold (images, frames, the player) loads during the scroll
    // that follows.
    await page.waitForLoadState("networkidle");
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const w = window as unknown as { __cls: number; __shifts: string[]; __fontShifts: string[] };
      w.__fontShifts = w.__shifts;
      w.__cls = 0;
      w.__shifts = [];
    });
    await scrollThrough(page);
    const { cls, shifts } = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      return { cls: w.__cls, shifts: w.__shifts };
    });
    expect(shifts, "layout shifts").toEqual([]);
    expect(cls).toBe(0);

    // Inline blocks, found as a visitor (or a screen reader) meets them. Checked after the scroll: asking
    // for the box of something below the screen that is not drawn yet (on a phone, content-visibility:
    // auto) lays it out early, and drawing it as it scrolls in then counts as a shift.
    await expect(page.getByRole("img", { name: "Light showers likely" })).toBeVisible(); // icon with a label
    expect(await page.locator("svg[data-icon]").evaluateAll((els) => new Set(els.map((e) => e.getAttribute("data-icon"))).size)).toBe(21);
    await expect(page.locator("time[datetime='2026-01-04']")).toHaveText("January 4, 2026"); // date
    await expect(page.getByRole("complementary", { name: "Our pick" })).toBeVisible(); // callout
    await expect(page.getByRole("complementary", { name: "Good to know in winter" }).getByRole("listitem")).toHaveCount(4); // notes
    await expect(page.getByRole("link", { name: "See all Eiffel Tower tickets" })).toHaveAttribute("href", `/?uid=${PARIS}.eiffel-tower&lang=en`); // cta
    await expect(page.getByRole("main").getByRole("link", { name: "day trips from Paris", exact: true })).toHaveAttribute(
      "href",
      `/?uid=${PARIS}.day-trips&lang=en`,
    ); // link
    const external = page.getByRole("link", { name: /the Louvre's own website/ }); // a, new tab
    await expect(external).toHaveAttribute("target", "_blank");
    await expect(external).toHaveAttribute("rel", "noopener noreferrer");
    await expect(page.getByRole("link", { name: "the tickets worth booking ahead" })).toHaveAttribute("href", "#tickets"); // jumplink
    await expect(page.locator("[data-inline-experience='10009']")).toBeAttached(); // experience
    await expect(page.getByRole("img", { name: /Sacré-Cœur above the Montmartre vineyards/ })).toHaveAttribute("loading", "lazy"); // image
    const map = page.locator("iframe[title='Map of the Eiffel Tower and the Champ de Mars']"); // iframe
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(page.locator("iframe[title='A Paris summer playlist']")).toHaveAttribute("src", /^https:\/\/open\.spotify\.com\/embed\/playlist\//); // spotify
    await expect(page.locator("[data-embed='youtube']")).toBeAttached(); // video → tracked player

    // The animated GIF passes through unchanged; JPEGs go through the URL builder.
    await expect(page.getByRole("img", { name: "Animated sunrise behind the Eiffel Tower" })).toHaveAttribute("src", "/media/paris/sunrise.gif");
  });
}

test("French: dates, maps and UI words follow the page language", async ({ page }) => {
  await stubOutsideHosts(page);
  await page.goto(`${GUIDE}&lang=fr`);
  await expect(page.locator("time[datetime='2026-01-04']")).toHaveText("4 janvier 2026");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // Frames are made one screen ahead of the visitor: come near the map first.
  for (const box of await page.locator("[data-embed-state]").all()) await box.scrollIntoViewIfNeeded();
  const src = await page.locator("iframe[title='Plan de la tour Eiffel et du Champ-de-Mars']").getAttribute("src");
  const url = new URL(src!);
  expect(url.searchParams.get("hl")).toBe("fr");
  expect(url.searchParams.get("pb")).toContain("!3m2!1sfr!2sfr!");
  await expect(page.getByRole("link", { name: /le site du Louvre \(s'ouvre dans un nouvel onglet\)/ })).toBeVisible();
});

/**
 * Whether `target` is within `rootMargin` of the screen, as the browser first reports it to an
 * IntersectionObserver made now: it reports to every observer of the page in one task, in the order they
 * were made, so the page's own observers have had their say by then; two frames later, whatever state
 * they set has been rendered.
 */
async function reportedNear(target: Locator, rootMargin: string): Promise<boolean> {
  return target.evaluate(
    (element, margin) =>
      new Promise<boolean>((resolve) => {
        const observer = new IntersectionObserver(
          ([entry]) => {
            observer.disconnect();
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(entry!.isIntersecting)));
          },
          { rootMargin: margin },
        );
        observer.observe(element);
      }),
    rootMargin,
  );
}

// Third-party frames wait until the visitor is one screen away (use-near-screen.ts): with loading="lazy"
// alone, Chromium started the guide's Spotify player (2.6 screens down on a phone) with the page.
test("phone: an embed's frame is made only once its box is within one screen of the screen", async ({ page }) => {
  const PHONE = { width: 412, height: 823 };
  await page.setViewportSize(PHONE);
  const hosts = await stubOutsideHosts(page);
  await page.goto(`${GUIDE}&lang=en`);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const player = page.locator("[data-embed-state]").first();
  await expect(player).toHaveAttribute("data-embed-state", "waiting");

  // Its box's top 40 px further than one screen below the screen: still waiting, nothing fetched.
  const top = await player.evaluate((box) => box.getBoundingClientRect().top + window.scrollY);
  expect(top).toBeGreaterThan(2 * PHONE.height + 40);
  await page.evaluate((y) => window.scrollTo(0, y), top - 2 * PHONE.height - 40);
  // The browser has measured the box at this scroll position, with the margin use-near-screen.ts gives.
  expect(await reportedNear(player, "100% 0px")).toBe(false);
  await expect(player).toHaveAttribute("data-embed-state", "waiting");
  await expect(player.locator("iframe")).toHaveCount(0);
  expect(hosts).not.toContain("open.spotify.com");

  // 40 px nearer than that: the frame is made, titled and lazy, and its page is requested.
  await page.evaluate((y) => window.scrollTo(0, y), top - 2 * PHONE.height + 40);
  await expect(player).toHaveAttribute("data-embed-state", "framed");
  await expect(player.getByTitle("A Paris summer playlist")).toHaveAttribute("loading", "lazy");
  await expect.poll(() => hosts.includes("open.spotify.com")).toBe(true);
  // The map further down still waits.
  await expect(page.locator("[data-embed-state]").last()).toHaveAttribute("data-embed-state", "waiting");
  expect(hosts).not.toContain("www.google.com");
});

test("without JavaScript the frames are in the page for the browser to load lazily", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${GUIDE}&lang=en`);
  await expect(page.getByTitle("A Paris summer playlist")).toHaveAttribute("src", /^https:\/\/open\.spotify\.com\/embed\/playlist\//);
  await expect(page.getByTitle("A Paris summer playlist")).toHaveAttribute("loading", "lazy");
  await context.close();
});
