// The controls `npm run bench:events` taps: every kind of control that leaves the page or opens another,
// and the events the tracking plan expects from a tap on it. `usable` and `expected` run in the page
// (they are serialised into it): they may use only their argument and the page's globals.
// A control inside a closed panel names its `openers`, tapped in turn before it (the phone's menu, then the
// <details>); the measurement starts at the control's own tap.

export interface EventsControl {
  name: string;
  /** CSS selector; the visit taps the first usable match a phone shows (its index among all matches). */
  selector: string;
  /** Tapped in order before the control, each once the previous one has shown it. */
  openers?: readonly string[];
  /** In the page: whether a match can be tapped meaningfully (default: any). */
  usable?: (control: HTMLElement) => boolean;
  /** In the page: the events a tap should push, in order; empty when the plan defines none. */
  expected: (control: HTMLElement) => string[];
}

const MENU = 'button[aria-controls="mobile-menu"]';

export const EVENTS_CONTROLS: readonly EventsControl[] = [
  {
    name: "booking link",
    selector: 'a[href*=".book.roamly.example/"]',
    // A card in a list is also a GA4 select_item, pushed before the booking click.
    expected: (control) => (control.closest("[data-experience-list]") ? ["select_item", "booking_link_clicked"] : ["booking_link_clicked"]),
  },
  {
    name: "quick link",
    selector: "footer a[data-quick-link]",
    // A link to the page itself would not leave it.
    usable: (control) => control instanceof HTMLAnchorElement && control.href !== location.href,
    expected: () => ["quick_link_opened"],
  },
  {
    name: "language",
    selector: '#mobile-menu details[data-selector="language"] a[hreflang]:not([aria-current="true"])',
    openers: [MENU, '#mobile-menu details[data-selector="language"] > summary'],
    expected: () => ["language_changed"],
  },
  {
    name: "currency",
    selector: '#mobile-menu details[data-selector="currency"] button[type="submit"][name="currency"]:not([aria-current="true"])',
    openers: [MENU, '#mobile-menu details[data-selector="currency"] > summary'],
    expected: () => ["currency_changed"],
  },
  {
    name: "content link",
    // Links written in content (the page's text, the footer's link groups), not the site's own navigation.
    selector: 'main a[href]:not([href^="#"]):not([href*=".book.roamly.example/"]):not([download]), footer nav[aria-label] a[href]',
    usable: (control) =>
      control instanceof HTMLAnchorElement && /^https?:$/.test(control.protocol) && control.href !== location.href && !control.hasAttribute("data-quick-link"),
    expected: () => [],
  },
  {
    name: "verification badge",
    selector: 'footer a[target="_blank"]:has(img)',
    expected: () => ["verification_badge_opened"],
  },
  {
    name: "download",
    selector: "a[download]",
    expected: () => ["download_clicked"],
  },
];

/** A control as found on one page by the discovery visit. */
export interface FoundEventsControl {
  name: string;
  selector: string;
  openers: string[];
  index: number;
  /** Centre in the page at scroll 0, in CSS px (controls without openers). */
  box: { x: number; y: number };
  /** Not in the first screen: scrolled into view at first paint before the tap. */
  scrolled: boolean;
  expected: string[];
}
