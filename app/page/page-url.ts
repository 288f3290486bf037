// Moved to content/page-url.ts. env.server.ts (on another branch's watch) still imports URL_MODES from
// here; drop this file once it imports from "~/content/page-url".
export { URL_MODES } from "~/content/page-url";
