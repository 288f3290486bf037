import { PHONE_USER_AGENT } from "./phone-profile";

// The pages every benchmark, load test and Lighthouse run covers: one of each type.
const PARIS = "www.paris-experiences.example";
const LTT = "www.london-theatre-tickets.example";

export const BENCH_PAGES = [
  { type: "city", path: `/?uid=${PARIS}&lang=en` },
  { type: "category", path: `/?uid=${PARIS}.day-trips&lang=en` },
  { type: "collection", path: `/?uid=${PARIS}.eiffel-tower&lang=en` },
  { type: "guide", path: `/?uid=${PARIS}.guides.best-time-to-visit&lang=en` },
  { type: "show", path: `/?uid=${LTT}.shows.les-miserables&lang=en` },
  { type: "theatre", path: `/?uid=${LTT}.theatres.sondheim-theatre&lang=en` },
] as const;

export const BARE_PATH = "/bench/bare";

/**
 * The headers every bench request for a page carries besides its own: a phone visitor's browser, the copy of a
 * page most visitors get. Node's fetch says "node" and autocannon says nothing; the server counts the first as a
 * bot, whose copy has no consent defaults, no tracking and both places' selectors (app/page/device.server.ts).
 */
export const VISITOR_HEADERS = { "user-agent": PHONE_USER_AGENT } as const;
