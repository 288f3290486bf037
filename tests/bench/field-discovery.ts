import type { Browser } from "@playwright/test";
import { FIELD_CONTROLS, type FieldControl, type FoundControl } from "./field-controls";
import { inPageScript } from "./in-page-script";
import { PHONE_CONTEXT } from "./phone-profile";

// Which controls a page shows a phone, and where: one unthrottled visit per page, after load, before
// any measured visit. A control counts when a match is visible (and usable); one outside the first
// screen is marked to be scrolled into view at first paint.

type Candidate = Pick<FieldControl, "name" | "selector" | "usable">;

/** Runs in the page. */
function findControls(candidates: Candidate[]) {
  const found: FoundControl[] = [];
  candidates.forEach((candidate) => {
    const matches = Array.from(document.querySelectorAll<HTMLElement>(candidate.selector));
    const index = matches.findIndex((el) => {
      const box = el.getBoundingClientRect();
      return el.checkVisibility() && box.width > 0 && box.height > 0 && (candidate.usable ? candidate.usable(el) : true);
    });
    const el = matches[index];
    if (!el) return;
    const box = el.getBoundingClientRect();
    const top = box.top + window.scrollY;
    found.push({
      name: candidate.name,
      selector: candidate.selector,
      index,
      box: { x: box.left + box.width / 2, y: top + box.height / 2, width: box.width, height: box.height },
      scrolled: top < 0 || top + box.height > window.innerHeight,
    });
  });
  return found;
}

export async function discoverControls(browser: Browser, url: string): Promise<FoundControl[]> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: "load" });
    if (!response?.ok()) throw new Error(`${url}: HTTP ${response?.status() ?? "no response"}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    // Functions cannot travel as evaluate arguments, so the predicates go in as source.
    const candidates: Candidate[] = FIELD_CONTROLS.map(({ name, selector, usable }) => ({ name, selector, usable }));
    return (await page.evaluate(inPageScript(findControls, candidates))) as FoundControl[];
  } finally {
    await context.close();
  }
}
