// The blocks only some pages show, whose code is one chunk after the initial JavaScript: lazy islands
// (app/components/lazy-island.tsx, docs/decisions/050-first-load-holds-what-first-paint-and-tap-need.md). One
// module, so the browser build makes one chunk of them rather than a chunk each and more small shared ones.
export { DownloadButton } from "../behaviour/DownloadButton";
export { YouTubePlayer } from "../behaviour/YouTubePlayer";
export { ExperienceList, InlineExperience } from "../commerce/ExperienceList";
