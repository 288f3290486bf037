// The parts of a page that neither its first paint nor its first tap needs from the app's code, one chunk after
// the initial JavaScript, fetched from the start at low priority: lazy islands (app/components/lazy-island.tsx,
// docs/decisions/052-first-load-holds-what-first-paint-and-tap-need.md). The server renders each with the page;
// until its code runs, the platform answers it (Call us is a popover with the same numbers, the language and
// currency choices are <details> with links and form posts, a booking link is a link) and the early-input catcher
// holds its taps and pushes its described events. One module, so the browser build makes one chunk of them, not a
// chunk each and more small shared ones.
export { CallUsButton } from "./behaviour/CallUs";
export { DownloadButton } from "./behaviour/DownloadButton";
export { YouTubePlayer } from "./behaviour/YouTubePlayer";
export { ExperienceList, InlineExperience } from "./commerce/ExperienceList";
export { ToastList } from "./overlays/ToastList";
export { CurrencySelector, LanguageSelector } from "./shell/Selectors";
