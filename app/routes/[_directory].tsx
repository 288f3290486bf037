import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SiteDirectory } from "~/components/page/SiteDirectory";
import { loadDirectoryResponse } from "~/page/load-directory.server";
export { headers, PageErrorBoundary as ErrorBoundary } from "~/page-route";

// The site directory (development URL mode): a route of its own, so its code is in no page's chunks
// (docs/decisions/032-one-react-tree.md). `/` on a host that is no site redirects here.

export function loader({ context }: LoaderFunctionArgs) {
  const { data, headers } = loadDirectoryResponse(context);
  return json(data, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? "Site directory · Storefront" : "Page not found" },
  { name: "robots", content: "noindex" },
];

export default function SiteDirectoryRoute() {
  return <SiteDirectory data={useLoaderData<typeof loader>()} />;
}
