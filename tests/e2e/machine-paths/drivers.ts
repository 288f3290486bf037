import type { BrowserContext, Locator, Page, Route } from "@playwright/test";
import { fromPromise, type AnyStateMachine } from "xstate";
import { consentBannerMachine } from "../../../machines/consent-banner.machine";
import { disclosureMachine } from "../../../machines/disclosure.machine";
import { DownloadHttpError, downloadMachine, type FetchedFile } from "../../../machines/download.machine";
import { headerMachine } from "../../../machines/header.machine";
import { imageFallbackMachine } from "../../../machines/image-fallback.machine";
import { jumpLinkMachine } from "../../../machines/jump-link.machine";
import { modalStackMachine } from "../../../machines/modal-stack.machine";
import type { ModalEntry, ModalStackContext } from "../../../machines/modal-stack.model";
import { popupMachine } from "../../../machines/popup.machine";
import { toastsMachine, type Toast, type ToastsContext } from "../../../machines/toasts.machine";
import { tooltipMachine } from "../../../machines/tooltip.machine";
import type { ModelEvent, ModelState, PathModel } from "../../../machines/transition-paths";
import { videoMachine, type VideoContext } from "../../../machines/video.machine";
import { viewportMachine } from "../../../machines/viewport.machine";
import type { VISITOR_AGENTS } from "../fixtures";

// The path tests' map from each machine's events to what a visitor or the page does (docs/machines.md,
// "Path tests"). For every machine: the page it lives on, the facts its model can produce in each
// state (the events transitionPaths explores, with their data), and for each event type the action
// that produces that fact on the real page: a tap, a scroll, a key, a resize, a failing request, a
// popup the browser blocks, the network going away, or Playwright's clock. An event type without an
// action fails its path's test; a transition no fact reaches fails "every transition has a path".
// Types only from Playwright: tests/unit/machine-path-models.test.ts walks the models without a browser.

const GUIDE = "/?uid=www.paris-experiences.example.guides.paris-in-a-weekend&lang=en";
const EIFFEL = "/?uid=www.paris-experiences.example.eiffel-tower&lang=en";
const LTT_SHOW = "/?uid=www.london-theatre-tickets.example.shows.les-miserables&lang=en";
const WEST_END_GUIDE = "/?uid=www.london-theatre-tickets.example.guides.west-end-first-timers&lang=en";

/** Requests a driver holds until a step says how they end (a download that succeeds or fails, an image that fails). */
export class HeldRequests {
  private routes: Route[] = [];
  private waiting: Array<(route: Route) => void> = [];
  readonly handler = (route: Route) => {
    const next = this.waiting.shift();
    if (next) next(route);
    else this.routes.push(route);
  };
  next(): Promise<Route> {
    const route = this.routes.shift();
    return route ? Promise.resolve(route) : new Promise((resolve) => this.waiting.push(resolve));
  }
  /** Forgets what an earlier path left held (its page is gone). */
  clear(): void {
    this.routes = [];
    this.waiting = [];
  }
}

/** What an action works with. */
export interface World {
  page: Page;
  context: BrowserContext;
  /** The machine's state before the step, as the model has it. */
  before: ModelState;
  /** Fake time since the path's clock was paused (ms); only advance() moves it. */
  now: number;
  advance(ms: number): Promise<void>;
  /** What a driver remembers during one path (whether the browser is offline, when each toast closes). */
  memory: Record<string, unknown>;
  held: Record<string, HeldRequests>;
  /** Runs code in the page as its own script would: no user gesture, so nothing a visitor did. */
  script(source: string): Promise<void>;
}

type Action = (event: ModelEvent, world: World) => Promise<void>;

export interface Setup {
  /** Who visits what, in a few words (part of each test's title). */
  name: string;
  url: string;
  viewport: { width: number; height: number };
  agent: keyof typeof VISITOR_AGENTS;
  /** The CDN's country header (the consent default depends on it); US otherwise. */
  country?: string;
  /** Playwright's clock: installed before the first page, paused once each path's page is ready. */
  clock?: boolean;
  permissions?: string[];
  /** Chromium's own popup blocker, which Playwright's launch turns off: this setup gets a browser of its own. */
  popupBlocker?: boolean;
  /** Requests held per name, by URL pattern, for the actions to end. */
  hold?: Record<string, RegExp>;
  /** Routes for the whole session (stand-ins for third parties, failures that every path needs). */
  routes?: (context: BrowserContext) => Promise<unknown>;
  /** After the page is ready and before the path: open what the machine lives in. */
  prepare?: (world: World) => Promise<void>;
  /** Console errors the visit causes on purpose (a failed request is logged by the browser). */
  expectedErrors?: RegExp[];
  model: PathModel;
}

export interface MachineDriver {
  machine: AnyStateMachine;
  setups: Setup[];
  actions: Record<string, Action>;
}

// ---- helpers ---------------------------------------------------------------------------------

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
}

/** The delay of a delayed event ("xstate.after.throttle.header.throttle.cooling"), from the machine's delays. */
export function delayOf(machine: AnyStateMachine, event: { type: string }): number | null {
  const name = /^xstate\.after\.([^.]+)\./.exec(event.type)?.[1];
  if (!name) return null;
  if (/^\d+$/.test(name)) return Number(name);
  const value = (machine.implementations.delays as Record<string, unknown>)[name];
  return typeof value === "number" ? value : null;
}

const dialog = (page: Page) => page.getByRole("dialog").last();

/** Taps a link to another page of the site and waits for that page's heading: a navigation inside the app. */
async function gotoInApp(page: Page, link: Locator, heading: string | RegExp) {
  await link.click();
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
}

// ---- header ----------------------------------------------------------------------------------

type HeaderContextLike = { sticky: boolean; y: number; pendingY: number | null };
const SCROLL_POSITIONS = [0, 79, 81, 600];

const header: MachineDriver = {
  machine: headerMachine,
  setups: [
    {
      name: "a desktop visitor on the Paris guide (an automated header)",
      url: GUIDE,
      viewport: { width: 1280, height: 600 },
      agent: "desktop",
      clock: true,
      // Safari's behaviour: no scroll anchoring, so a resize moves nothing and scrolls only when the visitor does.
      prepare: ({ page }) => page.evaluate(() => (document.documentElement.style.overflowAnchor = "none")).then(() => undefined),
      model: {
        machine: headerMachine,
        input: { sticky: false },
        events: ({ context }, scheduled) => {
          const c = context as HeaderContextLike;
          const at = c.pendingY ?? c.y;
          return [
            ...SCROLL_POSITIONS.filter((y) => y !== at).map((y) => ({ type: "SCROLLED", y })),
            { type: "STICKY_CHANGED", sticky: !c.sticky },
            ...scheduled,
          ];
        },
      },
    },
  ],
  actions: {
    SCROLLED: (event, { page }) => scrollTo(page, event.y as number),
    // The header is sticky on phones: turning the window narrow (or wide again) is what changes it.
    STICKY_CHANGED: (event, { page }) => page.setViewportSize({ width: (event.sticky as boolean) ? 375 : 1280, height: 600 }),
  },
};

// ---- disclosure ------------------------------------------------------------------------------

const disclosure: MachineDriver = {
  machine: disclosureMachine,
  setups: [
    {
      name: "a phone visitor's mobile menu on the Paris guide",
      url: GUIDE,
      viewport: { width: 375, height: 740 },
      agent: "phone",
      model: {
        machine: disclosureMachine,
        input: { menu: "mobile_menu" },
        events: ({ value }) =>
          value === "closed" ? [{ type: "TOGGLE" }] : [{ type: "TOGGLE" }, { type: "CLICKED_OUTSIDE" }, { type: "ESCAPE" }, { type: "PAGE_CHANGED" }],
      },
    },
  ],
  actions: {
    TOGGLE: (_, { page }) => page.getByRole("button", { name: "Menu" }).click(),
    // The menu lies over the top of the page: outside it is the page's side margin near the bottom.
    CLICKED_OUTSIDE: (_, { page }) => page.mouse.click(4, 730),
    ESCAPE: (_, { page }) => page.keyboard.press("Escape"),
    // A tap on one of the menu's own pages: a navigation inside the app, under the same header.
    PAGE_CHANGED: (_, { page }) => gotoInApp(page, page.locator("#mobile-menu").getByRole("link", { name: "Day trips" }), "Day trips"),
  },
};

// ---- modal stack -----------------------------------------------------------------------------

const CALL_US: ModalEntry = { id: "call-us", title: "Call our box office", variant: "side", closeOnOutsideClick: true, hasBack: true };
const EMAIL_US: ModalEntry = { id: "email-us", title: "Email us", variant: "side", closeOnOutsideClick: true, hasBack: true };

const modalStack: MachineDriver = {
  machine: modalStackMachine,
  setups: [
    {
      name: "a desktop visitor's Call us on the Les Misérables page, reached from the West End guide",
      url: WEST_END_GUIDE,
      viewport: { width: 1280, height: 800 },
      agent: "desktop",
      // Reached by the guide's link, inside the app, so the browser's Back returns to the guide under the same shell.
      prepare: ({ page }) => gotoInApp(page, page.getByRole("main").getByRole("link", { name: "Les Misérables", exact: true }).first(), /Les Misérables/),
      model: {
        machine: modalStackMachine,
        events: ({ context }) => {
          const { stack } = context as ModalStackContext;
          const top = stack[stack.length - 1];
          if (!top) return [{ type: "OPEN", modal: CALL_US }];
          return [
            ...(top.id === CALL_US.id ? [{ type: "OPEN", modal: EMAIL_US }] : []),
            ...(stack.length > 1 ? [{ type: "BACK" }] : []),
            { type: "CLOSE", reason: "button" },
            { type: "CLOSE", reason: "escape" },
            { type: "CLOSE", reason: "outside_click" },
            { type: "PAGE_CHANGED" },
          ];
        },
      },
    },
  ],
  actions: {
    OPEN: async (event, { page }) => {
      const modal = event.modal as ModalEntry;
      if (modal.id === CALL_US.id) await page.getByRole("button", { name: "Call us" }).click();
      else await dialog(page).getByRole("button", { name: "Prefer email?" }).click();
    },
    BACK: (_, { page }) => dialog(page).getByRole("button", { name: "Back" }).click(),
    CLOSE: async (event, { page }) => {
      const reason = event.reason as string;
      if (reason === "button") await dialog(page).getByRole("button", { name: "Close" }).click();
      else if (reason === "escape") await page.keyboard.press("Escape");
      // The side modal is on the right; its backdrop covers the rest.
      else await page.mouse.click(40, 400);
    },
    // The browser's Back, to the guide the visitor came from.
    PAGE_CHANGED: async (_, { page }) => {
      await page.goBack();
      await page.getByRole("heading", { level: 1, name: /West End/ }).waitFor();
    },
  },
};

// ---- toasts ----------------------------------------------------------------------------------

const CONNECTION = "connection";
const DOWNLOAD_TOAST = { message: "The download failed. Please try again.", tone: "error", autoClose: true, duration: 6000 } as const;
const toast = (id: string, fields: Omit<Toast, "id">): Toast => ({ id, ...fields });

/** The toasts a visitor can cause on the guide: a failed download (closes by itself), the connection dropping (stays) and returning. */
function toastEvents({ context }: ModelState): ModelEvent[] {
  const listed = (context as ToastsContext).toasts;
  const connection = listed.find((t) => t.id === CONNECTION);
  const events: ModelEvent[] = [];
  if (listed.length < 2) {
    const id = ["a", "b"].find((candidate) => !listed.some((t) => t.id === candidate))!;
    events.push({ type: "ADD", toast: toast(id, DOWNLOAD_TOAST) });
  }
  if (connection && !connection.autoClose)
    events.push({ type: "ADD", toast: toast(CONNECTION, { message: "You're back online.", tone: "success", autoClose: true, duration: 6000 }) });
  else if (connection || listed.length < 2)
    events.push({ type: "ADD", toast: toast(CONNECTION, { message: "You're offline.", tone: "warning", autoClose: false, duration: 6000 }) });
  for (const t of listed) events.push({ type: "DISMISS", id: t.id });
  if (listed.length) events.push({ type: "PAGE_CHANGED" });
  // Toasts close in the order they were (last) added, which is their order in the list.
  const first = listed.find((t) => t.autoClose);
  if (first) events.push({ type: "EXPIRED", id: first.id });
  return events;
}

const expiries = (world: World) => (world.memory.expiries ??= {}) as Record<string, number>;

const toasts: MachineDriver = {
  machine: toastsMachine,
  setups: [
    {
      name: "a desktop visitor whose download fails and whose connection drops, on the Paris guide",
      url: GUIDE,
      viewport: { width: 1280, height: 800 },
      agent: "desktop",
      clock: true,
      routes: (context) => context.route("**/media/downloads/paris-weekend-checklist.pdf", (route) => route.fulfill({ status: 503, body: "unavailable" })),
      // Whatever the page still loads after hydration (lazy chunks) arrives before a path takes the network away.
      prepare: ({ page }) => page.waitForLoadState("networkidle"),
      expectedErrors: [/status of 503/, /ERR_INTERNET_DISCONNECTED/],
      model: { machine: toastsMachine, events: toastEvents },
    },
  ],
  actions: {
    ADD: async (event, world) => {
      const added = event.toast as Toast;
      const { page, context } = world;
      // A moment passes before each new toast, so no two close at the same instant (and none closes now).
      const soonest = Math.min(...Object.values(expiries(world)), Infinity);
      await world.advance(Math.min(10, (soonest - world.now) / 2));
      if (added.id === CONNECTION && !added.autoClose) {
        if (world.memory.offline) await context.setOffline(false);
        await context.setOffline(true);
        world.memory.offline = true;
      } else if (added.id === CONNECTION) {
        await context.setOffline(false);
        world.memory.offline = false;
      } else {
        const retry = page.locator("#checklist").getByRole("button", { name: "Try again" });
        if (await retry.count()) await retry.click();
        else await page.locator("#checklist").getByRole("link", { name: "Download the weekend checklist (PDF)" }).click();
      }
      if (added.autoClose) expiries(world)[added.id] = world.now + added.duration;
      else delete expiries(world)[added.id];
    },
    DISMISS: async (event, world) => {
      const id = event.id as string;
      const index = (world.before.context as ToastsContext).toasts.findIndex((t) => t.id === id);
      await world.page.getByRole("region", { name: "Notifications" }).getByRole("button", { name: "Dismiss" }).nth(index).click();
      delete expiries(world)[id];
    },
    EXPIRED: async (event, world) => {
      const id = event.id as string;
      await world.advance(expiries(world)[id]! - world.now);
      delete expiries(world)[id];
    },
    // A tap on a link to another page of the site while the toasts show (the footer's, below them).
    PAGE_CHANGED: (_, { page }) => gotoInApp(page, page.getByRole("contentinfo").getByRole("link", { name: "Day trips from Paris" }), "Day trips"),
  },
};

// ---- tooltip ---------------------------------------------------------------------------------

const COPY_UK = "Copy number: UK +44 20 7946 0000";

const tooltip: MachineDriver = {
  machine: tooltipMachine,
  setups: [
    {
      name: "a desktop visitor copying a number in Call us, on the Les Misérables page",
      url: LTT_SHOW,
      viewport: { width: 1280, height: 800 },
      agent: "desktop",
      clock: true,
      permissions: ["clipboard-read", "clipboard-write"],
      prepare: async ({ page }) => {
        await page.getByRole("button", { name: "Call us" }).click();
        await page.getByRole("button", { name: COPY_UK }).waitFor();
      },
      model: {
        machine: tooltipMachine,
        input: { tooltip: "phone_copied" },
        events: ({ value }, scheduled) => (value === "hidden" ? [{ type: "SHOW" }] : [{ type: "SHOW" }, { type: "HIDE" }, ...scheduled]),
      },
    },
  ],
  actions: {
    SHOW: (_, { page }) => page.getByRole("button", { name: COPY_UK }).click(),
    HIDE: (_, { page }) => page.getByRole("button", { name: COPY_UK }).press("Escape"),
  },
};

// ---- video -----------------------------------------------------------------------------------

/**
 * A local stand-in for the YouTube iframe API (no network here): a 50-second video whose time follows
 * the page clock, with the player's own Play, Pause and seek-to-the-end controls for the visitor to tap.
 */
export const YOUTUBE_STAND_IN = `
window.YT = {
  PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 },
  Player: class {
    constructor(el, options) {
      this.options = options; this.duration = 50; this.position = 0; this.since = null;
      const frame = document.createElement("div");
      frame.setAttribute("data-stand-in", options.videoId);
      frame.style.cssText = "position:absolute;inset:auto 0 0 0;display:flex;gap:8px;padding:8px;background:#000";
      for (const [label, act] of [["Play", () => this.playVideo()], ["Pause", () => this.pauseVideo()], ["Skip to the end", () => this.seekToEnd()]]) {
        const button = document.createElement("button");
        button.type = "button"; button.textContent = label; button.addEventListener("click", act);
        frame.appendChild(button);
      }
      el.appendChild(frame);
      Promise.resolve().then(() => options.events.onReady({ target: this }));
    }
    now() { return Math.min(this.duration, this.position + (this.since === null ? 0 : (Date.now() - this.since) / 1000)); }
    getCurrentTime() { return this.now(); }
    getDuration() { return this.duration; }
    playVideo() {
      if (this.now() >= this.duration) this.position = 0;
      this.since = Date.now();
      this.options.events.onStateChange({ data: 1, target: this });
      clearTimeout(this.end);
      this.end = setTimeout(() => this.seekToEnd(), (this.duration - this.position) * 1000 + 1);
    }
    pauseVideo() { this.position = this.now(); this.since = null; clearTimeout(this.end); this.options.events.onStateChange({ data: 2, target: this }); }
    seekToEnd() { this.position = this.duration; this.since = null; clearTimeout(this.end); this.options.events.onStateChange({ data: 0, target: this }); }
    destroy() { clearTimeout(this.end); }
  },
};
window.onYouTubeIframeAPIReady && window.onYouTubeIframeAPIReady();
`;

const VIDEO_SECONDS = 50;
/** Progress checks stop here, well before the stand-in's end: the end is the visitor's seek. */
const LAST_CHECK_AT_S = 15;

const video: MachineDriver = {
  machine: videoMachine,
  setups: [
    {
      name: "a desktop visitor watching the video on the Paris guide",
      url: GUIDE,
      viewport: { width: 1280, height: 800 },
      agent: "desktop",
      clock: true,
      routes: (context) =>
        context.route("https://www.youtube.com/iframe_api", (route) => route.fulfill({ contentType: "text/javascript", body: YOUTUBE_STAND_IN })),
      model: {
        // The page answers every 5 s check with the player's position: 5 s further on, as the clock only runs in checks.
        machine: videoMachine.provide({
          actions: {
            requestProgress: ({ context, self }) => self.send({ type: "PROGRESS", currentTime: context.currentTime + 5, duration: context.duration }),
          },
        }),
        input: { videoId: "Scxs7L0vhZ4", title: "Paris in a weekend, in three minutes" },
        events: ({ value, context }, scheduled) => {
          const { currentTime } = context as VideoContext;
          if (value === "idle" || value === "ended") return [{ type: "PLAYING", currentTime: 0, duration: VIDEO_SECONDS }];
          if (value === "paused") return [{ type: "PLAYING", currentTime, duration: VIDEO_SECONDS }];
          return [{ type: "PAUSED", currentTime }, { type: "ENDED" }, ...(currentTime < LAST_CHECK_AT_S ? scheduled : [])];
        },
      },
    },
  ],
  actions: {
    PLAYING: async (_, { page, before }) => {
      if (before.value === "idle") await page.getByRole("button", { name: "Play video: Paris in a weekend, in three minutes" }).click();
      else await page.locator("[data-stand-in]").getByRole("button", { name: "Play" }).click();
    },
    PAUSED: (_, { page }) => page.locator("[data-stand-in]").getByRole("button", { name: "Pause" }).click(),
    ENDED: (_, { page }) => page.locator("[data-stand-in]").getByRole("button", { name: "Skip to the end" }).click(),
  },
};

// ---- viewport --------------------------------------------------------------------------------

const viewport: MachineDriver = {
  machine: viewportMachine,
  setups: [
    {
      name: "a desktop visitor resizing the window on the Paris guide",
      url: GUIDE,
      viewport: { width: 1280, height: 800 },
      agent: "desktop",
      model: {
        machine: viewportMachine,
        // Measured on load: a desktop window in a desktop's copy changes nothing.
        arrival: { type: "VIEWPORT_MEASURED", width: 1280 },
        events: ({ value }) => [{ type: "VIEWPORT_MEASURED", width: value === "desktop" ? 375 : 1280 }],
      },
    },
  ],
  actions: {
    VIEWPORT_MEASURED: (event, { page }) => page.setViewportSize({ width: event.width as number, height: 800 }),
  },
};

// ---- download --------------------------------------------------------------------------------

const CHECKLIST = { url: "/media/downloads/paris-weekend-checklist.pdf", fileName: "paris-weekend-checklist.pdf" };
const checklistLink = (page: Page) => page.locator("#checklist").getByRole("link", { name: "Download the weekend checklist (PDF)" });

const download: MachineDriver = {
  machine: downloadMachine,
  setups: [
    {
      name: "a desktop visitor downloading the checklist on the Paris guide",
      url: GUIDE,
      viewport: { width: 1280, height: 800 },
      agent: "desktop",
      hold: { checklist: /\/media\/downloads\/paris-weekend-checklist\.pdf$/ },
      expectedErrors: [/status of 503/],
      model: {
        // The fetch is the page's: the model waits for the step that says how it ends.
        machine: downloadMachine.provide({ actors: { fetchFile: fromPromise<FetchedFile, { url: string }>(() => new Promise(() => {})) } }),
        input: CHECKLIST,
        // Each click is counted in the context: three attempts are enough to reach every state.
        events: ({ value, context }) =>
          value === "fetching"
            ? [
                { type: "xstate.done.actor.fetchFile", output: { objectUrl: "blob:checklist", size: 850 } },
                { type: "xstate.error.actor.fetchFile", error: new DownloadHttpError(503) },
              ]
            : (context as { attempts: number }).attempts < 3
              ? [{ type: "CLICKED" }]
              : [],
      },
    },
  ],
  actions: {
    CLICKED: async (_, { page, before }) => {
      if (before.value === "failed") await page.locator("#checklist").getByRole("button", { name: "Try again" }).click();
      else if (before.value === "ready") await Promise.all([page.waitForEvent("download"), checklistLink(page).click()]);
      else await checklistLink(page).click();
    },
    // The server answers the held request: the file arrives and the browser saves it.
    "xstate.done.actor.fetchFile": async (_, { page, held }) => {
      const saved = page.waitForEvent("download");
      await (await held.checklist!.next()).continue();
      await saved;
    },
    "xstate.error.actor.fetchFile": async (_, { held }) => (await held.checklist!.next()).fulfill({ status: 503, body: "unavailable" }),
  },
};

// ---- image fallback --------------------------------------------------------------------------

const MAP = "Map of central Paris with the weekend's stops";
const THEATRE_FRONT = "The lit façade of the Sondheim Theatre at night";

const imageFallback: MachineDriver = {
  machine: imageFallbackMachine,
  setups: [
    {
      name: "a desktop visitor whose map photo and its fallback both fail, on the Paris guide",
      url: GUIDE,
      viewport: { width: 1280, height: 800 },
      agent: "desktop",
      hold: { image: /paris-weekend-map-photo\.jpg|paris-weekend-map\.svg/ },
      expectedErrors: [/ERR_FAILED/],
      model: { machine: imageFallbackMachine, input: { kind: "content_image", hasFallback: true }, events: () => [{ type: "FAILED" }] },
    },
    {
      name: "a desktop visitor whose theatre photo (no fallback) fails, on the West End guide",
      url: WEST_END_GUIDE,
      viewport: { width: 1280, height: 800 },
      agent: "desktop",
      hold: { image: /hero-theatre\.jpg/ },
      expectedErrors: [/ERR_FAILED/],
      model: { machine: imageFallbackMachine, input: { kind: "content_image", hasFallback: false }, events: () => [{ type: "FAILED" }] },
    },
  ],
  actions: {
    // The image (lazy, below the fold) is asked for once the visitor scrolls to it; its request fails.
    FAILED: async (_, { page, held, before }) => {
      if (before.value === "primary") await page.getByRole("img", { name: new RegExp(`^(${MAP}|${THEATRE_FRONT})$`) }).scrollIntoViewIfNeeded();
      await (await held.image!.next()).abort("failed");
    },
  },
};

// ---- jump links ------------------------------------------------------------------------------

const jumpLink: MachineDriver = {
  machine: jumpLinkMachine,
  setups: [
    {
      name: "a desktop visitor jumping to day two on the Paris guide",
      url: GUIDE,
      viewport: { width: 1280, height: 800 },
      agent: "desktop",
      clock: true,
      model: {
        machine: jumpLinkMachine,
        events: (_, scheduled) => [
          { type: "JUMP", targetId: "day-two", isMobile: false, reducedMotion: false },
          { type: "JUMP", targetId: "day-two", isMobile: false, reducedMotion: true },
          ...scheduled,
        ],
      },
    },
  ],
  actions: {
    // Reduced motion is the visitor's system setting; the jump is a tap on the link in "On this page".
    JUMP: async (event, { page }) => {
      await page.emulateMedia({ reducedMotion: (event.reducedMotion as boolean) ? "reduce" : "no-preference" });
      await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Day two: Montmartre and Le Marais" }).click();
    },
  },
};

// ---- popup -----------------------------------------------------------------------------------

const BADGE = "Official ticket retailer: verify";

const popup: MachineDriver = {
  machine: popupMachine,
  setups: [
    {
      name: "a desktop visitor verifying the retailer, in a browser with its popup blocker on",
      url: LTT_SHOW,
      viewport: { width: 1280, height: 800 },
      agent: "desktop",
      popupBlocker: true,
      routes: (context) =>
        context.route("https://verify.theatre-retailers.example/**", (route) =>
          route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Verified</title><p>Verified retailer</p>" }),
        ),
      model: { machine: popupMachine, events: () => [{ type: "POPUP_OPENED" }, { type: "POPUP_BLOCKED" }] },
    },
  ],
  actions: {
    POPUP_OPENED: async (_, { page }) => {
      const [opened] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: BADGE }).click()]);
      await opened.close();
    },
    // A click no visitor made (a script's) carries no user activation: the popup blocker refuses its window.
    POPUP_BLOCKED: (_, { script }) => script(`document.querySelector('a[aria-label="${BADGE}"]').click()`),
  },
};

// ---- consent banner --------------------------------------------------------------------------

const banner = (page: Page) => page.getByRole("region", { name: "Your privacy choices" });

function consentEvents({ value }: ModelState): ModelEvent[] {
  if (value === "shown") return [{ type: "ACCEPT_ALL" }, { type: "REJECT_ALL" }, { type: "CHOOSE" }, { type: "OPEN_SETTINGS" }];
  if (value === "choosing")
    return [
      { type: "SAVE", analytics: true, advertising: false },
      { type: "ACCEPT_ALL" },
      { type: "REJECT_ALL" },
      { type: "CLOSE", reason: "back" },
      { type: "CLOSE", reason: "escape" },
    ];
  return [{ type: "OPEN_SETTINGS" }];
}

const consentBanner: MachineDriver = {
  machine: consentBannerMachine,
  setups: [
    {
      name: "a visitor in France (consent asked for) on the Eiffel Tower page",
      url: EIFFEL,
      viewport: { width: 1280, height: 800 },
      agent: "desktop",
      country: "FR",
      model: {
        machine: consentBannerMachine,
        input: { defaultDenied: true, countryKnown: true, chosen: false, isBot: false },
        arrival: { type: "ARRIVED" },
        events: consentEvents,
      },
    },
    {
      name: "a visitor in the US (granted by default) on the Eiffel Tower page",
      url: EIFFEL,
      viewport: { width: 1280, height: 800 },
      agent: "desktop",
      country: "US",
      model: {
        machine: consentBannerMachine,
        input: { defaultDenied: false, countryKnown: true, chosen: false, isBot: false },
        arrival: { type: "ARRIVED" },
        events: consentEvents,
      },
    },
  ],
  actions: {
    // Arriving is loading the page (the banner's machine hears it on mount): every path starts with it.
    ACCEPT_ALL: (_, { page }) => banner(page).getByRole("button", { name: "Accept all" }).click(),
    REJECT_ALL: (_, { page }) => banner(page).getByRole("button", { name: "Reject all" }).click(),
    CHOOSE: (_, { page }) => banner(page).getByRole("link", { name: "Choose" }).click(),
    OPEN_SETTINGS: (_, { page }) => page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click(),
    SAVE: async (event, { page }) => {
      await banner(page)
        .getByRole("checkbox", { name: /Analytics/ })
        .setChecked(event.analytics as boolean);
      await banner(page)
        .getByRole("checkbox", { name: /Advertising/ })
        .setChecked(event.advertising as boolean);
      await banner(page).getByRole("button", { name: "Save choices" }).click();
    },
    CLOSE: async (event, { page }) => {
      if ((event.reason as string) === "back") await banner(page).getByRole("button", { name: "Back" }).click();
      else await page.keyboard.press("Escape");
    },
  },
};

/** Every machine of the catalogue, in its order (tests/unit/machine-path-models.test.ts checks it is all of them). */
export const DRIVERS: MachineDriver[] = [
  header,
  disclosure,
  modalStack,
  toasts,
  tooltip,
  video,
  viewport,
  download,
  imageFallback,
  jumpLink,
  popup,
  consentBanner,
];
