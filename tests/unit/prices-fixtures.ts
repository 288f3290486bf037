import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A copy of content/ with one extra page per site that uses every price source and experience list,
// so the prices tests do not depend on what the content helpers write into the real pages.

const PRICES_PAGE_PATH = "prices-test";
const PARIS_HOST = "www.paris-experiences.example";
const LTT_HOST = "www.london-theatre-tickets.example";
export const PARIS_PRICES_UID = `${PARIS_HOST}.${PRICES_PAGE_PATH}`;
export const LTT_PRICES_UID = `${LTT_HOST}.${PRICES_PAGE_PATH}`;

const parisPage = {
  pageType: "collection",
  city: "Paris",
  country: "FR",
  seo: { title: "Prices test page", description: "Every price source and experience list, for the prices tests." },
  heading: "Prices test page",
  body: [
    { type: "price", id: "collection-price", label: "Eiffel Tower tickets from", source: { kind: "collection", id: 5001 } },
    { type: "price", id: "category-price", label: "Day trips from", source: { kind: "category", id: 1143, city: "Paris" } },
    { type: "price", id: "sub-category-price", label: "Versailles trips from", source: { kind: "sub-category", id: 2101, city: "Paris" } },
    { type: "price", id: "tour-group-price", label: "Louvre from", source: { kind: "tour-group", id: 10005 } },
    { type: "experience_list", id: "eiffel-list", title: "Eiffel Tower experiences", source: { kind: "collection", id: 5001 } },
    { type: "experience_list", id: "day-trips-list", title: "Day trips", source: { kind: "category", id: 1143, city: "Paris" }, limit: 3 },
    { type: "rich_text", id: "inline", text: "Cruises start at {price kind=tour-group id=10004}.\n\n{experience id=10011}" },
  ],
};

const lttPage = {
  pageType: "show",
  city: "London",
  country: "GB",
  seo: { title: "West End prices test", description: "West End musicals, for the prices tests." },
  heading: "West End prices test",
  body: [
    { type: "price", id: "musicals-price", label: "Musicals from", source: { kind: "collection", id: 5101 } },
    {
      type: "experience_list",
      id: "musicals",
      title: "West End musicals",
      source: { kind: "tour-groups", ids: [17637, 17638, 17639, 17640, 17641, 17642, 17643, 17644] },
    },
  ],
};

/** Makes the content copy; returns its folder and a cleanup. */
export function makePricesContent(options: { parisExperienceLimit?: number } = {}): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "prices-content-"));
  cpSync(path.resolve("content"), dir, { recursive: true });
  writeFileSync(path.join(dir, "paris-experiences/pages", `${PRICES_PAGE_PATH}.en.json`), JSON.stringify(parisPage, null, 2));
  writeFileSync(
    path.join(dir, "paris-experiences/pages", `${PRICES_PAGE_PATH}.fr.json`),
    JSON.stringify({ ...parisPage, heading: "Page de test des prix" }, null, 2),
  );
  writeFileSync(path.join(dir, "london-theatre-tickets/pages", `${PRICES_PAGE_PATH}.en.json`), JSON.stringify(lttPage, null, 2));
  if (options.parisExperienceLimit !== undefined) {
    const sitePath = path.join(dir, "paris-experiences/site.json");
    const site = JSON.parse(readFileSync(sitePath, "utf8")) as Record<string, unknown>;
    writeFileSync(sitePath, JSON.stringify({ ...site, experienceLimit: options.parisExperienceLimit }, null, 2));
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
