import type { MetaFunction } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { MachinesInspector } from "~/inspector/MachinesInspector";

// /machines: the machine inspector for developers. Only in the development URL mode; a 404
// everywhere else. Its module (and the inspector UI) loads only on this route.

export function loader() {
  if (getEnv().URL_MODE !== "development") throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(JSON.stringify({ ok: true }), { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

export const meta: MetaFunction = () => [{ title: "State machines · inspector" }, { name: "robots", content: "noindex" }];

export default function MachinesRoute() {
  return <MachinesInspector />;
}

export function ErrorBoundary() {
  return (
    <main style={{ padding: "2rem" }}>
      <h1>Page not found</h1>
    </main>
  );
}
