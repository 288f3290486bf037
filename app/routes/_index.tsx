// `/` and `/?uid=…&lang=…`: the query URL form, a site's root page by Host, or (development URL mode) a redirect to the site directory (routes/[_directory].tsx).
export { loader, clientLoader, meta, headers, PageRoute as default, PageErrorBoundary as ErrorBoundary } from "~/page-route";
