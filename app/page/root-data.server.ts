import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEnv, publicEnv, type PublicEnv } from "~/env.server";
import { dataResponse } from "~/server/data-response.server";
import { trackingPreloads } from "~/server/tracking-preloads.server";
import { detectBot, readCountryCode } from "./build-page-context.server";

// The root route's data. Its server-only imports are gathered here, so the browser's root chunk holds
// one empty module of its own rather than sharing empty-module chunks with other routes (each one more
// initial file; docs/decisions/032-one-react-tree.md).

export interface RootData {
  env: PublicEnv;
  /** For the Consent Mode defaults in <head> and the consent banner: the visitor's country (null when unknown) and the bot rule. */
  tracking: { countryCode: string | null; isBot: boolean };
  /** The tracking pipeline's chunks, fetched from the start at low priority (none for bots, who load no tracking). */
  trackingPreloads: string[];
}

function loadRootData(request: Request): RootData {
  const env = getEnv();
  const isBot = detectBot(request.headers);
  return {
    env: publicEnv(env),
    tracking: { countryCode: readCountryCode(request.headers, env.COUNTRY_HEADER), isBot },
    trackingPreloads: isBot ? [] : trackingPreloads("/build/"),
  };
}

/** The root route's loader (root.tsx). */
export function rootLoader({ request }: LoaderFunctionArgs) {
  return dataResponse(loadRootData(request));
}
