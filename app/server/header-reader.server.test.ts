import { describe, expect, it } from "vitest";
import { headerReader } from "./header-reader.server";

describe("headerReader", () => {
  it("reads Node's headers as Headers#get does: any case, repeated values joined, absent as null", () => {
    const raw = { "cloudfront-viewer-country": "DE", "x-forwarded-for": ["10.0.0.1", "10.0.0.2"], "user-agent": "" };
    const reader = headerReader(raw);
    const fetchHeaders = new Headers([
      ["cloudfront-viewer-country", "DE"],
      ["x-forwarded-for", "10.0.0.1"],
      ["x-forwarded-for", "10.0.0.2"],
      ["user-agent", ""],
    ]);
    for (const name of ["CloudFront-Viewer-Country", "x-forwarded-for", "user-agent", "x-device"]) expect(reader.get(name)).toBe(fetchHeaders.get(name));
    expect(reader.get("x-device")).toBeNull();
    expect(reader.get("X-Forwarded-For")).toBe("10.0.0.1, 10.0.0.2");
  });
});
