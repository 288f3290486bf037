import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { citedRequirements, machineCharts, readCoverage } from "~/inspector/machine-charts.server";
import { MachinesInspector } from "~/inspector/MachinesInspector";

// /machines: the machine inspector for developers. Only in the development URL mode; a 404
// everywhere else. Its module (and the inspector UI) loads only on this route; the statecharts are
// laid out on the server, so no layout engine reaches a browser. `?coverage` adds transition coverage. Each
// machine links to the docs/requirements.md sections it implements, shown at the foot of the page.

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.services.env.URL_MODE !== "development") throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const [charts, requirements] = await Promise.all([machineCharts(), citedRequirements()]);
  const coverage = context.request.url.searchParams.has("coverage") ? await readCoverage(charts) : null;
  return json({ charts, coverage, requirements }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: MetaFunction = () => [{ title: "State machines · inspector" }, { name: "robots", content: "noindex" }];

export default function MachinesRoute() {
  const { charts, coverage, requirements } = useLoaderData<typeof loader>();
  return <MachinesInspector charts={charts} coverage={coverage} requirements={requirements} />;
}

export function ErrorBoundary() {
  return (
    <main style={{ padding: "2rem" }}>
      <h1>Page not found</h1>
    </main>
  );
}
