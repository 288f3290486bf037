// The controls the field benchmark taps, in priority order, and how each one shows it answered.
// `answered` runs in the page (it is serialised into the probe): it may use only its arguments and
// the page's globals. Add a control by adding an entry; field.ts picks the ones a page shows a phone.

/** What the probe knew at the moment of the tap, for predicates that compare against it. */
export interface AtTap {
  scrollY: number;
}

export interface FieldControl {
  name: string;
  /** CSS selector; the visit taps the first match a phone shows (its index among all matches). */
  selector: string;
  /** Taken only when a page has fewer than two other controls besides the menu. */
  fallback?: boolean;
  /** In the page: whether a visible match can be tapped meaningfully (default: any visible match). */
  usable?: (control: HTMLElement) => boolean;
  /** In the page: true once the visitor can see the tap was answered. */
  answered: (control: HTMLElement, atTap: AtTap) => boolean;
}

const MENU_CONTROL = "menu";
/** Besides the menu, a page should measure at least this many controls. */
export const OTHER_CONTROLS_WANTED = 2;

export const FIELD_CONTROLS: readonly FieldControl[] = [
  {
    name: MENU_CONTROL,
    selector: 'button[aria-controls="mobile-menu"]',
    // The panel is shown: works for a `hidden` attribute and for a popover alike.
    answered: () => {
      const menu = document.getElementById("mobile-menu");
      return !!menu && menu.checkVisibility() && menu.getBoundingClientRect().height > 0;
    },
  },
  {
    name: "video",
    selector: 'button[aria-label^="Play video"]',
    // The facade gave way: a player frame, the facade gone, the player no longer a poster, or the
    // facade showing it is loading (aria-busy, which also brings its "Loading video" label).
    answered: (control) => {
      if (control.getAttribute("aria-busy") === "true" && control.checkVisibility()) return true;
      const player = control.closest("[data-video-view]") ?? control.parentElement;
      if (!control.isConnected) return true;
      if (player?.querySelector("iframe")) return true;
      const view = player?.getAttribute("data-video-view");
      return view !== null && view !== undefined && view !== "poster";
    },
  },
  {
    name: "call us",
    selector: 'button[aria-haspopup="dialog"]',
    answered: () =>
      Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"], dialog[open]')).some(
        (dialog) => dialog.checkVisibility() && dialog.getBoundingClientRect().height > 0,
      ),
  },
  {
    name: "jump link",
    selector: 'main a[href^="#"]',
    usable: (control) => control instanceof HTMLAnchorElement && !!document.getElementById(decodeURIComponent(control.hash.slice(1))),
    answered: (control, atTap) => (control instanceof HTMLAnchorElement && location.hash === control.hash) || Math.abs(window.scrollY - atTap.scrollY) > 50,
  },
  {
    name: "currency",
    selector: 'details[data-selector="currency"] > summary',
    fallback: true,
    answered: (control) => control.parentElement instanceof HTMLDetailsElement && control.parentElement.open,
  },
  {
    name: "language",
    selector: 'details[data-selector="language"] > summary',
    fallback: true,
    answered: (control) => control.parentElement instanceof HTMLDetailsElement && control.parentElement.open,
  },
];

/** A control as found on one page by the discovery visit. */
export interface FoundControl {
  name: string;
  selector: string;
  /** Index of the tapped element among the selector's matches. */
  index: number;
  /** Centre and size in the page at scroll 0, in CSS px. */
  box: { x: number; y: number; width: number; height: number };
  /** Not in the first screen: scrolled into view at first paint before the tap. */
  scrolled: boolean;
}

/**
 * Which of the found controls a page measures: the menu, every non-fallback control, and the
 * fallbacks only while fewer than OTHER_CONTROLS_WANTED others were found.
 */
export function chooseControls(found: readonly FoundControl[]): FoundControl[] {
  const byName = new Map(found.map((c) => [c.name, c]));
  const chosen: FoundControl[] = [];
  let others = 0;
  for (const control of FIELD_CONTROLS) {
    const hit = byName.get(control.name);
    if (!hit) continue;
    if (control.name === MENU_CONTROL) chosen.push(hit);
    else if (!control.fallback || others < OTHER_CONTROLS_WANTED) {
      chosen.push(hit);
      others++;
    }
  }
  return chosen;
}
