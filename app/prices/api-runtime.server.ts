import { cacheStore } from "~/cache/cache-runtime.server";
import type { Env } from "~/env.server";
import type { ApiConfig } from "./api-client.server";
import { PriceCache, PriceEntrySchema } from "./price-cache.server";

// The server's prices: its API settings and its one price cache, made once by createServer and handed to
// every request in the load context (app/edge/request-context.server.ts). The hosts come from the
// environment, or from the embedded sandbox that createServer starts when no API host is configured. The
// cache lives in this process, or in the Redis at CACHE_URL that every instance shares (decision 016).

export interface ApiHosts {
  baseUrl: string;
  secondaryUrl: string;
}

export interface PriceService {
  /** The API to ask; null when none is reachable (no host configured and no sandbox started): prices then show empty. */
  api(): ApiConfig | null;
  cache: PriceCache;
}

/** `sandboxHosts` answers the embedded sandbox's hosts once it has started (null before, or with API_BASE_URL set). */
export function createPriceService(env: Env, sandboxHosts: () => ApiHosts | null): PriceService {
  // A refresh holds the fleet's lock at most as long as its upstream call may take, and a little more.
  const cache = new PriceCache({
    store: cacheStore(env, "price", PriceEntrySchema, { maxEntries: env.PRICE_CACHE_MAX_ENTRIES }),
    lockMs: env.API_TIMEOUT_MS + 500,
  });
  return { api: () => apiConfig(env, sandboxHosts()), cache };
}

function apiConfig(env: Env, sandbox: ApiHosts | null): ApiConfig | null {
  const hosts = env.API_BASE_URL ? { baseUrl: env.API_BASE_URL, secondaryUrl: env.API_SECONDARY_URL ?? env.API_BASE_URL } : sandbox;
  if (!hosts) return null;
  return { ...hosts, timeoutMs: env.API_TIMEOUT_MS, firewallHeader: env.FIREWALL_HEADER, firewallKey: env.FIREWALL_ALLOW_KEY };
}
