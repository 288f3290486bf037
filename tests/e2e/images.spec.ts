import { expect, PARIS, test } from "./fixtures";

// Content images carry a srcset (app/content/image-url.ts): the same CDN rule at smaller widths, so a
// phone asks for a file near its slot, not the desktop one. Locally every candidate is the same file
// (public/ ignores the query), so the request's w= shows which candidate the browser chose.

const CITY = `/?uid=${PARIS}&lang=en`;

async function heroRequestWidth(page: import("@playwright/test").Page) {
  const widths: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/media/paris/hero-paris.jpg") widths.push(url.searchParams.get("w") ?? "");
  });
  await page.goto(CITY);
  await expect(page.locator("article img").first()).toHaveJSProperty("complete", true);
  return widths;
}

test.describe("phone, 412 px at 1.75x", () => {
  // A phone's screen is its device width: with the project's 1920 px desktop screen, "width=device-width"
  // made the preload scanner size the slot for 1920 px and fetch the 2400 file as well.
  test.use({ viewport: { width: 412, height: 823 }, screen: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });

  test("the hero is fetched once, at 720 px wide (its 367 px slot needs 642), not at 2400", async ({ page }) => {
    expect(await heroRequestWidth(page)).toEqual(["720"]);
  });
});

test.describe("desktop, 1280 px at 1x", () => {
  test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });

  test("the hero is fetched once, at 1242 px wide for its 1140 px slot", async ({ page }) => {
    expect(await heroRequestWidth(page)).toEqual(["1242"]);
  });
});
