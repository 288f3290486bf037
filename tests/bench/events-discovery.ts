import type { Browser } from "@playwright/test";
import { EVENTS_CONTROLS, type EventsControl, type FoundEventsControl } from "./events-controls";
import { inPageScript } from "./in-page-script";
import { grantAnalytics } from "./events-visit";
import { PHONE_CONTEXT } from "./phone-profile";

// Which controls of EVENTS_CONTROLS a page shows a phone, where, and what a tap on each should push: one
// unthrottled visit per page, after load, before any measured visit. A control in a panel is looked for
// with its openers clicked (the panel is closed again by a fresh page for the next one).

type Candidate = Pick<EventsControl, "selector" | "usable" | "expected">;

/** Runs in the page: the first visible usable match, or null. */
function findControl(candidate: Candidate) {
  const matches = Array.from(document.querySelectorAll<HTMLElement>(candidate.selector));
  const index = matches.findIndex((el) => {
    const box = el.getBoundingClientRect();
    return el.checkVisibility() && box.width > 0 && box.height > 0 && (candidate.usable ? candidate.usable(el) : true);
  });
  const el = matches[index];
  if (!el) return null;
  const box = el.getBoundingClientRect();
  const top = box.top + window.scrollY;
  return {
    index,
    box: { x: box.left + box.width / 2, y: top + box.height / 2 },
    scrolled: top < 0 || top + box.height > window.innerHeight,
    expected: candidate.expected(el),
  };
}

export async function discoverControls(browser: Browser, url: string): Promise<{ found: FoundEventsControl[]; absent: string[] }> {
  const found: FoundEventsControl[] = [];
  const absent: string[] = [];
  const context = await browser.newContext(PHONE_CONTEXT);
  // As the visits are: a visitor who granted analytics (no consent banner over the page).
  await grantAnalytics(context, url);
  try {
    for (const control of EVENTS_CONTROLS) {
      const page = await context.newPage();
      const response = await page.goto(url, { waitUntil: "load" });
      if (!response?.ok()) throw new Error(`${url}: HTTP ${response?.status() ?? "no response"}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      const openers = [...(control.openers ?? [])];
      for (const opener of openers) await page.locator(opener).locator("visible=true").first().click({ timeout: 5000 });
      // Functions cannot travel as evaluate arguments, so the predicates go in as source.
      const candidate: Candidate = { selector: control.selector, usable: control.usable, expected: control.expected };
      const hit = (await page.evaluate(inPageScript(findControl, candidate))) as Omit<FoundEventsControl, "name" | "selector" | "openers"> | null;
      if (hit) found.push({ name: control.name, selector: control.selector, openers, ...hit, scrolled: !openers.length && hit.scrolled });
      else absent.push(control.name);
      await page.close();
    }
    return { found, absent };
  } finally {
    await context.close();
  }
}
