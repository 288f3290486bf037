import { describe, expect, it } from "vitest";
import { sandboxFault } from "./embedded-sandbox.server";

describe("SANDBOX_FAULT, read where the embedded sandbox starts", () => {
  it("parses a fault list with the sandbox's own parser", () => {
    expect(sandboxFault("latency=200,error=0.2")).toMatchObject({ latencyMs: 200, error: 0.2 });
    expect(sandboxFault(undefined)).toBeUndefined();
    expect(sandboxFault("  ")).toBeUndefined();
  });

  it("refuses a bad one with a message naming the variable and the bad part", () => {
    expect(() => sandboxFault("latency=abc")).toThrow(/SANDBOX_FAULT: must be a fault list.*"latency=abc"/);
    expect(() => sandboxFault("error=2")).toThrow(/SANDBOX_FAULT: .*between 0 and 1/);
    expect(() => sandboxFault("explode=1")).toThrow(/SANDBOX_FAULT/);
  });
});
