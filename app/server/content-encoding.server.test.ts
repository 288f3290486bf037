import { describe, expect, it } from "vitest";
import { acceptableEncodings, chooseEncoding } from "./content-encoding.server";

describe("chooseEncoding", () => {
  it("prefers Brotli over gzip whatever order the browser lists them in", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe("br");
  });

  it("falls back to gzip when Brotli is not offered (Chromium over plain HTTP) or refused", () => {
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("x-gzip")).toBe("gzip");
    expect(chooseEncoding("GZIP;Q=0.5")).toBe("gzip");
  });

  it("sends no encoding without a header, for encodings we do not keep, or when gzip is refused", () => {
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("")).toBe("identity");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding("gzip;q=0")).toBe("identity");
    expect(chooseEncoding("gzip;q=0.000")).toBe("identity");
  });

  it("reads * as every encoding not named, and honours a refusal of identity", () => {
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("br;q=0, *")).toBe("gzip");
    expect(chooseEncoding("identity;q=0, gzip;q=0.1")).toBe("gzip");
    // Nothing acceptable: the unencoded body is still the safest answer.
    expect(chooseEncoding("*;q=0")).toBe("identity");
  });

  it("skips empty parts and reads a malformed q-value as no q-value, rather than failing", () => {
    expect(chooseEncoding(",,gzip;q=abc, ;")).toBe("gzip");
    expect(chooseEncoding("gzip, br;q=2")).toBe("br");
    expect(chooseEncoding("br;q=0.5;level=1")).toBe("br");
  });

  it("lists every encoding the client accepts, best first, for a fallback that stays within them", () => {
    expect(acceptableEncodings("gzip, deflate, br")).toEqual(["br", "gzip", "identity"]);
    // Brotli not ready yet must not mean gzip for a client that refused gzip.
    expect(acceptableEncodings("br, gzip;q=0")).toEqual(["br", "identity"]);
    expect(acceptableEncodings("br, identity;q=0")).toEqual(["br"]);
    expect(acceptableEncodings(undefined)).toEqual(["identity"]);
  });
});
