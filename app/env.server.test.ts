import { describe, expect, it } from "vitest";
import { parseEnv, publicEnv } from "./env.server";

describe("parseEnv", () => {
  it("defaults serve the embedded content locally", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      URL_MODE: "development",
      CONTENT_DIR: "content",
      PRICE_BUDGET_MS: 800,
      COUNTRY_HEADER: "cloudfront-viewer-country",
    });
    expect(env.API_BASE_URL).toBeUndefined();
    expect(env.GTM_CONTAINER_ID).toBeUndefined();
  });

  it("names every bad variable in one message", () => {
    expect(() => parseEnv({ PORT: "eighty", URL_MODE: "staging", GTM_CONTAINER_ID: "UA-1", API_BASE_URL: "ftp://x" })).toThrowError(
      /PORT:[\s\S]*URL_MODE:[\s\S]*API_BASE_URL:[\s\S]*GTM_CONTAINER_ID:/,
    );
  });

  it("rejects out-of-range ports and accepts valid settings", () => {
    expect(() => parseEnv({ PORT: "70000" })).toThrowError(/PORT/);
    const env = parseEnv({
      PORT: "8080",
      URL_MODE: "production",
      GTM_CONTAINER_ID: "GTM-AB12CD",
      API_BASE_URL: "https://api.example",
      COUNTRY_HEADER: "CF-IPCountry",
    });
    expect(env).toMatchObject({
      PORT: 8080,
      URL_MODE: "production",
      GTM_CONTAINER_ID: "GTM-AB12CD",
      API_BASE_URL: "https://api.example",
      COUNTRY_HEADER: "cf-ipcountry",
    });
  });

  it("operations settings: metrics on their own port, log level and format, the shutdown drain", () => {
    expect(parseEnv({})).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      REQUEST_TIMEOUT_MS: 30_000,
      SHUTDOWN_DRAIN_MS: 2000,
      SHUTDOWN_TIMEOUT_MS: 10000,
    });
    expect(parseEnv({ HOST: "0.0.0.0" }).METRICS_HOST).toBe("127.0.0.1");
    expect(parseEnv({ METRICS_HOST: "0.0.0.0", REQUEST_TIMEOUT_MS: "5000" })).toMatchObject({ METRICS_HOST: "0.0.0.0", REQUEST_TIMEOUT_MS: 5000 });
    expect(() => parseEnv({ REQUEST_TIMEOUT_MS: "10" })).toThrowError(/REQUEST_TIMEOUT_MS:/);
    expect(parseEnv({}).LOG_FORMAT).toBeUndefined();
    expect(parseEnv({ METRICS_PORT: "0", LOG_LEVEL: "warn", LOG_FORMAT: "pretty", SHUTDOWN_DRAIN_MS: "0" })).toMatchObject({
      METRICS_PORT: 0,
      LOG_LEVEL: "warn",
      LOG_FORMAT: "pretty",
      SHUTDOWN_DRAIN_MS: 0,
    });
    expect(() => parseEnv({ PORT: "8080", METRICS_PORT: "8080" })).toThrowError(/METRICS_PORT: must differ from PORT/);
    expect(() => parseEnv({ LOG_LEVEL: "loud", LOG_FORMAT: "xml", SHUTDOWN_DRAIN_MS: "-1" })).toThrowError(
      /LOG_LEVEL:[\s\S]*LOG_FORMAT:[\s\S]*SHUTDOWN_DRAIN_MS:/,
    );
  });

  it("treats empty optional values as unset", () => {
    expect(parseEnv({ API_BASE_URL: "", GTM_CONTAINER_ID: "" })).toMatchObject({ API_BASE_URL: undefined, GTM_CONTAINER_ID: undefined });
  });

  it("SERVER_TIMING_KEY is optional, and when set long enough to be a secret", () => {
    expect(parseEnv({}).SERVER_TIMING_KEY).toBeUndefined();
    expect(parseEnv({ SERVER_TIMING_KEY: "" }).SERVER_TIMING_KEY).toBeUndefined();
    expect(parseEnv({ SERVER_TIMING_KEY: "0123456789abcdef" }).SERVER_TIMING_KEY).toBe("0123456789abcdef");
    expect(() => parseEnv({ SERVER_TIMING_KEY: "short" })).toThrowError(/SERVER_TIMING_KEY: must be at least 16 characters/);
  });

  it("CACHE_URL: a redis:// or rediss:// URL, or unset; a bad one is named without echoing its password", () => {
    expect(parseEnv({}).CACHE_URL).toBeUndefined();
    expect(parseEnv({ CACHE_URL: " " }).CACHE_URL).toBeUndefined();
    expect(parseEnv({ CACHE_URL: "redis://:pw@cache.internal:6379/2" }).CACHE_URL).toBe("redis://:pw@cache.internal:6379/2");
    expect(parseEnv({ CACHE_URL: "rediss://cache.internal:6380" }).CACHE_URL).toBe("rediss://cache.internal:6380");
    for (const bad of ["http://:hunter2@cache.internal", "cache.internal:6379", "redis//:hunter2@cache"]) {
      expect(() => parseEnv({ CACHE_URL: bad })).toThrowError(/CACHE_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
      expect(() => parseEnv({ CACHE_URL: bad })).not.toThrowError(/hunter2/);
    }
    expect(parseEnv({}).CACHE_TIMEOUT_MS).toBe(100);
    expect(() => parseEnv({ CACHE_TIMEOUT_MS: "0" })).toThrowError(/CACHE_TIMEOUT_MS:/);
  });

  it("COLLECT_PATH and COLLECT_SINK: a path, and a file folder or a Redis URL; a bad sink is named without echoing its password", () => {
    expect(parseEnv({}).COLLECT_PATH).toBe("/events");
    expect(parseEnv({ COLLECT_PATH: "/c/ev_1" }).COLLECT_PATH).toBe("/c/ev_1");
    for (const bad of ["events", "/Events", "/events?x=1", "/", "/ev ents"])
      expect(() => parseEnv({ COLLECT_PATH: bad })).toThrowError(/COLLECT_PATH: must be a path/);
    expect(parseEnv({}).COLLECT_SINK).toEqual({ kind: "file", dir: "var/events" });
    expect(parseEnv({ COLLECT_SINK: "file:/srv/events" }).COLLECT_SINK).toEqual({ kind: "file", dir: "/srv/events" });
    expect(parseEnv({ COLLECT_SINK: "redis://:pw@events.internal:6379/1" }).COLLECT_SINK).toEqual({ kind: "redis", url: "redis://:pw@events.internal:6379/1" });
    for (const bad of ["file:", "var/events", "http://:hunter2@events.internal", "redis//:hunter2@events"]) {
      expect(() => parseEnv({ COLLECT_SINK: bad })).toThrowError(/COLLECT_SINK: must be file:<folder>/);
      expect(() => parseEnv({ COLLECT_SINK: bad })).not.toThrowError(/hunter2/);
    }
  });

  it("publicEnv never carries secrets", () => {
    const env = parseEnv({
      FIREWALL_ALLOW_KEY: "s3cret-key",
      SERVER_TIMING_KEY: "timing-s3cret-key-0000",
      API_BASE_URL: "https://api.example",
      CACHE_URL: "redis://:cache-s3cret@cache.internal:6379",
    });
    const exposed = JSON.stringify(publicEnv(env));
    expect(exposed).not.toContain("cache-s3cret");
    expect(exposed).not.toContain("s3cret-key");
    expect(exposed).not.toContain("timing-s3cret");
    expect(exposed).not.toContain("api.example");
  });
});
