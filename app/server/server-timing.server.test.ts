import { describe, expect, it } from "vitest";
import { isOperatorRequest, responseServerTiming } from "./server-timing.server";

const KEY = "operator-key-0123456789";
const h = (entries: Record<string, string>) => new Headers(entries);

describe("isOperatorRequest", () => {
  it("is true only for the configured key, sent in X-Server-Timing-Key", () => {
    expect(isOperatorRequest(h({ "x-server-timing-key": KEY }), KEY)).toBe(true);
    expect(isOperatorRequest(h({ "x-server-timing-key": `${KEY}x` }), KEY)).toBe(false);
    expect(isOperatorRequest(h({ "x-server-timing-key": "" }), KEY)).toBe(false);
    expect(isOperatorRequest(h({ authorization: KEY }), KEY)).toBe(false);
  });
  it("is false for everyone when no key is configured", () => {
    expect(isOperatorRequest(h({ "x-server-timing-key": "" }), undefined)).toBe(false);
    expect(isOperatorRequest(h({ "x-server-timing-key": "anything" }), undefined)).toBe(false);
  });
});

describe("responseServerTiming", () => {
  const detail = 'api-0;desc="collection:5001 failed";dur=12.0, prices;desc="prices (parallel, time-boxed)";dur=15.0';
  it("visitors see one total, with no description", () => {
    expect(responseServerTiming({ operator: false, detail, pageCache: "miss", totalMs: 20.04 })).toBe("total;dur=20.0");
  });
  it("operators see the upstream calls, the page cache and the total", () => {
    expect(responseServerTiming({ operator: true, detail, pageCache: "miss", totalMs: 20 })).toBe(`${detail}, page-cache;desc="miss", total;dur=20.0`);
    expect(responseServerTiming({ operator: true, detail: null, pageCache: "hit", totalMs: 1.25 })).toBe('page-cache;desc="hit", total;dur=1.3');
  });
});
