import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicEnv, type PublicEnv } from "~/env.server";
import { dataResponse } from "~/server/data-response.server";
import type { StorefrontLoadContext } from "./load-context";
import { lazyPreloads } from "~/server/lazy-preloads.server";

// The root route's data. Its server-only imports are gathered here, so the browser's root chunk holds
// one empty module of its own rather than sharing empty-module chunks with other routes (each one more
// initial file; docs/decisions/032-one-react-tree.md).

export interface RootData {
  env: PublicEnv;
  /** For the Consent Mode defaults in <head> and the consent banner: the visitor's country (null when unknown) and the bot rule. */
  tracking: { countryCode: string | null; isBot: boolean };
  /** Chunks loaded after hydration, fetched from the start at low priority (lazy-preloads.server.ts; none for bots, who load no tracking). */
  lazyPreloads: string[];
}

function loadRootData({ request, services }: StorefrontLoadContext): RootData {
  const isBot = request.device.device === "bot";
  return {
    env: publicEnv(services.env),
    tracking: { countryCode: request.countryCode, isBot },
    lazyPreloads: isBot ? [] : lazyPreloads("/build/"),
  };
}

/** The root route's loader (root.tsx): the request's facts as the edge read them. */
export function rootLoader({ context }: LoaderFunctionArgs) {
  return dataResponse(loadRootData(context));
}
