import { cacheStore } from "~/cache/cache-runtime.server";
import type { Env } from "~/env.server";
import type { ApiConfig } from "./api-client.server";
import { PriceCache, PriceEntrySchema } from "./price-cache.server";

// The process's API settings and its one price cache. The hosts come from the environment, or from
// the embedded sandbox that the edge (server/edge/create-server.server.ts) starts when no API host is configured. The cache lives in
// this process, or in the Redis at CACHE_URL that every instance shares (decision 016).

export interface ApiHosts {
  baseUrl: string;
  secondaryUrl: string;
}

let sandboxHosts: ApiHosts | null = null;
let cache: PriceCache | null = null;

/** Called once by the server after it has started the embedded sandbox. */
export function setSandboxHosts(hosts: ApiHosts | null): void {
  sandboxHosts = hosts;
}

function configuredHosts(env: Env): ApiHosts | null {
  if (env.API_BASE_URL) return { baseUrl: env.API_BASE_URL, secondaryUrl: env.API_SECONDARY_URL ?? env.API_BASE_URL };
  return sandboxHosts;
}

/** null when no API is reachable (no host configured and no sandbox started): prices then show empty. */
export function apiConfig(env: Env): ApiConfig | null {
  const hosts = configuredHosts(env);
  if (!hosts) return null;
  return { ...hosts, timeoutMs: env.API_TIMEOUT_MS, firewallHeader: env.FIREWALL_HEADER, firewallKey: env.FIREWALL_ALLOW_KEY };
}

export function priceCache(env: Env): PriceCache {
  // A refresh holds the fleet's lock at most as long as its upstream call may take, and a little more.
  cache ??= new PriceCache({
    store: cacheStore(env, "price", PriceEntrySchema, { maxEntries: env.PRICE_CACHE_MAX_ENTRIES }),
    lockMs: env.API_TIMEOUT_MS + 500,
  });
  return cache;
}
