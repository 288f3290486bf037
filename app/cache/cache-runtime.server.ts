import type { z } from "zod";
import type { Env } from "~/env.server";
import { FallbackStore, MemoryStore, type CacheStore, type Expiring, type FallbackStoreOptions, type MemoryStoreOptions } from "./cache-store.server";
import { RedisConnection, RedisStore } from "./redis-store.server";

// The process's cache stores, chosen once from the environment: with CACHE_URL, Redis in front of the
// in-process LRU (shared by every instance, memory when Redis cannot answer); without it, the LRU alone.

let connection: RedisConnection | null = null;

/** The one Redis connection of this process, made on first use (null without CACHE_URL). Never waits for Redis. */
export function sharedCacheConnection(env: Pick<Env, "CACHE_URL" | "CACHE_TIMEOUT_MS">): RedisConnection | null {
  if (!env.CACHE_URL) return null;
  connection ??= new RedisConnection({ url: env.CACHE_URL, timeoutMs: env.CACHE_TIMEOUT_MS });
  return connection;
}

/** A store for one kind of entry ("price", "page"), bounded in memory as `memory` says. */
export function cacheStore<E extends Expiring>(
  env: Pick<Env, "CACHE_URL" | "CACHE_TIMEOUT_MS">,
  namespace: string,
  schema: z.ZodType<E>,
  memory: MemoryStoreOptions<E>,
  options: FallbackStoreOptions = {},
): CacheStore<E> {
  const local = new MemoryStore<E>(memory);
  const shared = sharedCacheConnection(env);
  return shared ? new FallbackStore(new RedisStore<E>(shared, { namespace, schema }), local, options) : local;
}

export function closeSharedCache(): void {
  connection?.close();
  connection = null;
}
