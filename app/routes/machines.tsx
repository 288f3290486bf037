import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { machineCharts, readCoverage } from "~/inspector/machine-charts.server";
import { MachinesInspector } from "~/inspector/MachinesInspector";

// /machines: the machine inspector for developers. Only in the development URL mode; a 404
// everywhere else. Its module (and the inspector UI) loads only on this route; the statecharts are
// laid out on the server, so no layout engine reaches a browser. `?coverage` adds transition coverage.

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.services.env.URL_MODE !== "development") throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const charts = await machineCharts();
  const coverage = context.request.url.searchParams.has("coverage") ? await readCoverage(charts) : null;
  return json({ charts, coverage }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: MetaFunction = () => [{ title: "State machines · inspector" }, { name: "robots", content: "noindex" }];

export default function MachinesRoute() {
  const { charts, coverage } = useLoaderData<typeof loader>();
  return <MachinesInspector charts={charts} coverage={coverage} />;
}

export function ErrorBoundary() {
  return (
    <main style={{ padding: "2rem" }}>
      <h1>Page not found</h1>
    </main>
  );
}
