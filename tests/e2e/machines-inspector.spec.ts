import { existsSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { eventLabel } from "../../app/inspector/chart-model";
import { ALL_MACHINES } from "../../machines/catalogue-of-machines";
import { machineTransitions } from "../../machines/machine-graph";
import { BROWSER_COVERAGE_FILE, coverageFileSchema, machineCoverage } from "../../machines/transition-coverage";
import { expect, PARIS, test } from "./fixtures";

// Issues 4 and 24: the /machines inspector draws every machine as a statechart from its definition,
// follows storefront tabs live over a BroadcastChannel, shows transition coverage with ?coverage;
// neither it, its layout engine nor @statelyai/inspect ships with storefront pages.

const GUIDE = `/?uid=${PARIS}.guides.paris-in-a-weekend&lang=en`;
const chart = (page: Page, id: string) => page.locator(`svg[data-chart='${id}']`);

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("every machine is a statechart with one labelled arrow per transition of its definition, readable without horizontal scrolling", async ({ page }) => {
    const response = await page.goto("/machines");
    expect(response?.status()).toBe(200);
    for (const { machine } of ALL_MACHINES) {
      await expect(page.getByRole("heading", { level: 2, name: machine.id, exact: true })).toBeVisible();
      const svg = page.getByRole("group", { name: machine.id, exact: true });
      await expect(svg).toHaveAttribute("data-chart", machine.id);
      const transitions = machineTransitions(machine);
      expect(transitions.length, machine.id).toBeGreaterThan(0);
      await expect(svg.locator("[data-transition-id]")).toHaveCount(transitions.length);
      for (const t of transitions) {
        const arrow = svg.locator(`[data-transition-id="${t.key}"]`);
        await expect(arrow, t.key).toHaveAttribute("role", "img");
        const name = await arrow.getAttribute("aria-label");
        expect(name, t.key).toContain(eventLabel(t));
        if (t.guard) expect(name, t.key).toContain(t.guard);
        expect(name, t.key).toContain(`emits ${t.emits}`);
        await expect(arrow.locator("title")).toHaveText(name ?? "");
        // A transition with a target is a drawn arrow (a path per target); a targetless one is listed on its state.
        if (t.targets.length) await expect(arrow.locator("path.edge")).toHaveCount(t.targets.length);
        else await expect(svg.locator(`[data-state-id="${t.source}"] [data-transition-id="${t.key}"]`)).toHaveCount(1);
      }
      // Every state of the definition is a named box.
      await expect(svg.locator(`[data-state-id="${machine.id}"]`)).toHaveAttribute("aria-label", /state|parallel/);
      // Scaled to fit its card at most down to 80 %, so its 12 px labels stay readable.
      const box = await svg.boundingBox();
      const width = Number((await svg.getAttribute("viewBox"))?.split(" ")[2]);
      expect(box!.width / width, machine.id).toBeGreaterThanOrEqual(0.8);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    // The header's statechart: regions of the parallel root, the delay and guard on its arrows.
    const header = chart(page, "header");
    await expect(header.locator("[data-region='true']")).toHaveCount(3);
    await expect(header.getByRole("img", { name: /^after throttle \(200 ms\) when hasPendingSample: re-enters throttle\.cooling/ })).toHaveCount(1);
    await expect(
      header.getByRole("img", { name: "SAMPLE when isBeyondShadowThreshold: elevation.flat to elevation.raised, emits header_shadow_changed" }),
    ).toHaveCount(1);
    await expect(page.getByText("NO EVENT")).toHaveCount(0);
  });

  test("a storefront tab is followed live: current states highlighted, transitions flash, the log points at their arrows", async ({ page, context }) => {
    await page.goto("/machines");
    await expect(page.locator("[data-machine-inspector]")).toHaveAttribute("data-listening", "true");
    // Records every arrow that flashes (the flash itself lasts about a second).
    await page.evaluate(() => {
      const flashed: string[] = [];
      (window as unknown as { __flashed: string[] }).__flashed = flashed;
      const note = (node: Node) => {
        if (node instanceof Element && node.getAttribute("data-flash") === "true") flashed.push(node.getAttribute("data-transition-id") ?? "");
      };
      new MutationObserver((records) => records.forEach((r) => (r.type === "attributes" ? note(r.target) : r.addedNodes.forEach(note)))).observe(
        document.body,
        {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ["data-flash"],
        },
      );
    });
    const storefront = await context.newPage();
    await storefront.setViewportSize({ width: 1280, height: 600 });
    await storefront.goto(GUIDE);
    await expect(storefront.locator("html[data-hydrated]")).toHaveCount(1);

    const header = chart(page, "header");
    await expect(page.locator("[data-machine='header'] [data-live-count]")).toHaveAttribute("data-live-count", "1");
    await expect(header.locator("[data-state-id='header.elevation.flat']")).toHaveAttribute("data-active", "true");
    await expect(header.locator("[data-state-id='header.visibility.shown']")).toHaveAttribute("data-active", "true");
    await expect(header.locator("[data-state-id='header.elevation.raised']")).toHaveAttribute("data-active", "false");

    await storefront.evaluate(() => window.scrollTo(0, 300));
    await expect(header.locator("[data-state-id='header.elevation.raised']")).toHaveAttribute("data-active", "true");
    await expect(header.locator("[data-state-id='header.elevation.flat']")).toHaveAttribute("data-active", "false");
    const shadowShown = "header.elevation.flat|SAMPLE|0";
    await expect.poll(() => page.evaluate(() => (window as unknown as { __flashed: string[] }).__flashed)).toContain(shadowShown);

    // The log entry of that SCROLLED event names its arrows; focusing it highlights them.
    const log = page.getByRole("complementary", { name: "Event log" });
    const entry = log.locator(`button[data-log-transitions~="${shadowShown}"]`).first();
    await expect(entry).toContainText("header ← SCROLLED");
    await expect(entry).toContainText("header ⇒ header_shadow_changed");
    await entry.focus();
    await expect(header.locator(`[data-transition-id="${shadowShown}"]`)).toHaveAttribute("data-highlighted", "true");
    await expect(entry).toHaveAttribute("aria-pressed", "true");

    // A second tab of the same machine is told apart: a selector per running actor.
    const second = await context.newPage();
    await second.setViewportSize({ width: 1280, height: 600 });
    await second.goto(GUIDE);
    await expect(second.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.locator("[data-machine='header'] [data-live-count]")).toHaveAttribute("data-live-count", "2");
    const actors = page.locator("[data-machine='header']").getByRole("combobox", { name: "Running actor" });
    await expect(actors.locator("option")).toHaveCount(2);
    // Each option follows its own tab: the first tab scrolled (raised), the second did not (flat).
    const seen: string[] = [];
    for (const value of await actors.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))) {
      await actors.selectOption(value);
      await expect(header.locator("[data-state-id^='header.elevation.'][data-active='true']")).toHaveCount(1);
      seen.push((await header.locator("[data-state-id^='header.elevation.'][data-active='true']").getAttribute("data-state-id")) ?? "");
    }
    expect(seen.sort()).toEqual(["header.elevation.flat", "header.elevation.raised"]);

    // A tab that closes leaves the list.
    await second.close();
    await expect(page.locator("[data-machine='header'] [data-live-count]")).toHaveAttribute("data-live-count", "1");
    await storefront.close();
  });
});

test("/machines follows the mobile menu of a phone-sized tab and logs the event it emitted", async ({ page, context }) => {
  await page.goto("/machines");
  await expect(page.locator("[data-machine-inspector]")).toHaveAttribute("data-listening", "true");
  const storefront = await context.newPage();
  await storefront.setViewportSize({ width: 375, height: 740 });
  await storefront.goto(GUIDE);
  await expect(storefront.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.locator("[data-machine='header'] [data-live-count]")).not.toHaveAttribute("data-live-count", "0");
  await storefront.getByRole("button", { name: "Menu" }).click();
  await expect(storefront.getByRole("navigation", { name: "Menu" })).toBeVisible();
  const disclosure = chart(page, "disclosure");
  await expect(disclosure.locator("[data-state-id='disclosure.open']").first()).toHaveAttribute("data-active", "true");
  await expect(page.getByRole("complementary", { name: "Event log" }).getByText("disclosure ⇒ menu_opened").first()).toBeVisible();
  await storefront.close();
});

test("/machines?coverage shows each machine's browser coverage as the coverage file has it, with a legend in words", async ({ page }) => {
  await page.goto("/machines?coverage");
  const legend = page.getByRole("region", { name: "Transition coverage" });
  for (const words of ["taken by a browser test", "taken only by the unit tests", "never taken by a test"]) await expect(legend).toContainText(words);
  const file = existsSync(BROWSER_COVERAGE_FILE) ? coverageFileSchema.parse(JSON.parse(readFileSync(BROWSER_COVERAGE_FILE, "utf8"))) : null;
  if (!file) await expect(legend).toContainText("No browser coverage recorded yet");
  for (const { machine } of ALL_MACHINES) {
    const ids = machineTransitions(machine).map((t) => t.key);
    const expected = machineCoverage(ids, file?.machines[machine.id]?.takenIds ?? [], [], file?.machines[machine.id]?.pathTakenIds ?? []);
    if (file?.machines[machine.id]?.percent !== undefined) expect(file.machines[machine.id]!.percent, machine.id).toBe(expected.percent);
    const percent = page.locator(`[data-machine='${machine.id}'] [data-coverage-percent]`);
    await expect(percent).toHaveAttribute("data-coverage-percent", String(expected.percent));
    await expect(percent).toContainText(`${expected.percent}% (${expected.browser} of ${ids.length} transitions)`);
    await expect(page.locator(`[data-machine='${machine.id}'] [data-path-count]`)).toHaveText(`⇉ path tests: ${expected.paths} of ${ids.length}`);
    // Every arrow says in words (its accessible name) whether a browser test took it.
    for (const id of ids) {
      const arrow = chart(page, machine.id).locator(`[data-transition-id="${id}"]`);
      if (expected.status[id] === "browser") await expect(arrow).toHaveAttribute("data-coverage", "browser");
      else await expect(arrow).not.toHaveAttribute("data-coverage", "browser");
      // The path tests' arrows are marked too, in words as well.
      if (expected.pathTaken.includes(id)) await expect(arrow).toHaveAttribute("aria-label", /by a path test\)$/);
      else await expect(arrow).not.toHaveAttribute("data-path-tested");
      await expect(arrow).toHaveAttribute("aria-label", /\((taken by a browser test|taken only by the unit tests|never taken by a test)(, by a path test)?\)$/);
    }
  }
});

test("/machines?coverage has no axe violations, live log entries included", async ({ page, context }) => {
  // axe checks the contrast of every label of eleven charts: far slower than a storefront page.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/machines?coverage");
  await expect(page.locator("[data-machine-inspector]")).toHaveAttribute("data-listening", "true");
  const storefront = await context.newPage();
  await storefront.goto(GUIDE);
  await expect(storefront.locator("html[data-hydrated]")).toHaveCount(1);
  await storefront.evaluate(() => window.scrollTo(0, 300));
  await expect(page.getByRole("complementary", { name: "Event log" }).getByRole("button").first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
    ),
  ).toEqual([]);
  await storefront.close();
});

test("storefront pages load neither the inspector UI, its layout engine nor @statelyai/inspect; /machines loads no layout engine either", async ({ page }) => {
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
    expect(body, url).not.toContain("org.eclipse.elk");
  }
  scripts.length = 0;
  await page.goto("/machines");
  await expect(page.locator("[data-machine-inspector]")).toHaveAttribute("data-listening", "true");
  await page.waitForLoadState("networkidle");
  expect(scripts.some(({ url }) => /routes\/machines/.test(url))).toBe(true);
  for (const { url, body } of scripts) expect(body, url).not.toContain("org.eclipse.elk");
});
