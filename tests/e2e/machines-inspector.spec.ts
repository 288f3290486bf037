import { expect, PARIS, test } from "./fixtures";

// Issue 4: the /machines inspector draws every machine from its definition and follows a storefront
// tab live over a BroadcastChannel; neither it nor @statelyai/inspect ships with storefront pages.

const GUIDE = `/?uid=${PARIS}.guides.paris-in-a-weekend&lang=en`;

test("/machines draws every machine with states, guards, delays and the event each transition emits", async ({ page }) => {
  const response = await page.goto("/machines");
  expect(response?.status()).toBe(200);
  for (const id of ["header", "disclosure", "modalStack", "toasts", "tooltip", "video", "viewport", "download", "imageFallback", "jumpLink", "popup"]) {
    await expect(page.getByRole("heading", { level: 2, name: id, exact: true })).toBeVisible();
  }
  const header = page.locator("[data-machine='header']");
  await expect(header.getByText("after throttle (200 ms)").first()).toBeVisible();
  await expect(header.getByText("[isBeyondShadowThreshold]")).toBeVisible();
  await expect(header.getByText("⇒ header_shadow_changed").first()).toBeVisible();
  await expect(page.getByText("⇒ NO EVENT")).toHaveCount(0);
});

test("/machines follows a storefront tab live: current state highlighted, events logged", async ({ page, context }) => {
  await page.goto("/machines");
  await expect(page.locator("[data-machine-inspector]")).toHaveAttribute("data-listening", "true");
  const storefront = await context.newPage();
  await storefront.setViewportSize({ width: 375, height: 740 });
  await storefront.goto(GUIDE);
  await expect(storefront.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.locator("[data-machine='header'] [data-live-count]")).not.toHaveAttribute("data-live-count", "0");
  await storefront.getByRole("button", { name: "Menu" }).click();
  await expect(storefront.getByRole("navigation", { name: "Menu" })).toBeVisible();
  const disclosure = page.locator("[data-machine='disclosure']");
  await expect(disclosure.locator("[data-state-id='disclosure.open']").first()).toHaveAttribute("data-active", "true");
  await expect(page.getByRole("complementary", { name: "Event log" }).getByText("disclosure ⇒ menu_opened").first()).toBeVisible();
  await storefront.close();
});

test("storefront pages load neither the inspector UI nor @statelyai/inspect", async ({ page }) => {
  const scripts: Array<{ url: string; body: string }> = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push({ url: response.url(), body: await response.text().catch(() => "") });
  });
  await page.goto(GUIDE);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  for (const { url, body } of scripts) {
    expect(url).not.toMatch(/routes\/machines/);
    expect(body, url).not.toContain("data-machine-inspector");
    expect(body, url).not.toContain("createBrowserInspector");
    expect(body, url).not.toContain("stately.ai");
  }
});
