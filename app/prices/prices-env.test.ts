import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";

describe("prices settings in the environment", () => {
  it("defaults: sandbox API, 2.5 s timeout, 800 ms budget, booking domain", () => {
    const env = parseEnv({});
    expect(env.API_BASE_URL).toBeUndefined();
    expect(env.API_TIMEOUT_MS).toBe(2500);
    expect(env.PRICE_BUDGET_MS).toBe(800);
    expect(env.BOOKING_DOMAIN).toBe("book.roamly.example");
    expect(env.PRICE_CACHE_MAX_ENTRIES).toBe(5000);
  });

  it("names the variable in the error", () => {
    expect(() => parseEnv({ BOOKING_DOMAIN: "not a host" })).toThrow(/BOOKING_DOMAIN: must be a host name/);
    expect(() => parseEnv({ API_SECONDARY_URL: "https://api2.example" })).toThrow(/API_SECONDARY_URL: needs API_BASE_URL/);
    expect(() => parseEnv({ API_BASE_URL: "ftp://x" })).toThrow(/API_BASE_URL/);
    expect(() => parseEnv({ PRICE_BUDGET_MS: "-1" })).toThrow(/PRICE_BUDGET_MS/);
  });

  it("accepts a fault list for soak runs", () => {
    expect(parseEnv({ SANDBOX_FAULT: "latency=200,error=0.2" }).SANDBOX_FAULT).toBe("latency=200,error=0.2");
    expect(parseEnv({ SANDBOX_FAULT: "error=0.2,slow=0.1,slowMs=900" }).SANDBOX_FAULT).toBe("error=0.2,slow=0.1,slowMs=900");
  });
});
