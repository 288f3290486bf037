// `/` and `/?uid=…&lang=…`: the query URL form, a site's root page by Host, or the site directory.
export { loader, meta, headers, PageRoute as default, PageErrorBoundary as ErrorBoundary } from "~/page/page-route";
