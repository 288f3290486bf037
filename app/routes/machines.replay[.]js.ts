import type { LoaderFunctionArgs } from "@remix-run/node";
import { replayBundle } from "~/inspector/replay-bundle.server";

// GET /machines/replay.js: the replay engine /machines imports (app/inspector/replay-bundle.server.ts).
// Development URL mode only, like /machines; a 404 everywhere else.

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.services.env.URL_MODE !== "development") throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(await replayBundle(), { headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" } });
}
