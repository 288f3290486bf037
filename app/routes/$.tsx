// Any other path: the production URL form (Host header + /{lang}/{segments}/).
export { loader, clientLoader, meta, headers, PageRoute as default, PageErrorBoundary as ErrorBoundary } from "~/page-route";
