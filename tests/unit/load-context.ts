import type { AppLoadContext } from "@remix-run/node";
import { getContentStore } from "~/content/content-store.server";
import { parseEnv } from "~/env.server";
import { createPriceService, type ApiHosts } from "~/prices/api-runtime.server";
import type { AppServices } from "~/page/load-context";
import { readRequestContext } from "~/edge/request-context.server";
import { createDescriptionCheck } from "~/server/description-check.server";

// A loader's load context for a unit test, made as the edge makes it (app/edge/request-context.server.ts):
// the request's facts read from a fetch Request, and services from settings the test names.

export function testServices(settings: Record<string, string>, sandbox: ApiHosts | null = null): AppServices {
  const env = parseEnv(settings);
  const content = getContentStore(env.CONTENT_DIR);
  return { env, content, prices: createPriceService(env, () => sandbox), descriptions: createDescriptionCheck(content) };
}

export function loadContextFor(request: Request, services: AppServices): AppLoadContext {
  const url = new URL(request.url);
  const headers = Object.fromEntries(request.headers);
  headers.host ??= url.host;
  return { request: readRequestContext({ headers, protocol: url.protocol.slice(0, -1), originalUrl: `${url.pathname}${url.search}` }, services.env), services };
}
