import { describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { acceptableEncodings, documentBytes, encodeDocument } from "./content-encoding.server";

// The first encoding listed is the one sent when it is ready; the rest are its fallbacks.
describe("acceptableEncodings", () => {
  it("prefers Brotli over gzip whatever order the browser lists them in", () => {
    expect(acceptableEncodings("gzip, deflate, br, zstd")).toEqual(["br", "gzip", "identity"]);
    expect(acceptableEncodings("br;q=1.0, gzip;q=0.8, *;q=0.1")).toEqual(["br", "gzip", "identity"]);
  });

  it("falls back to gzip when Brotli is not offered (Chromium over plain HTTP) or refused", () => {
    expect(acceptableEncodings("gzip, deflate")).toEqual(["gzip", "identity"]);
    expect(acceptableEncodings("br;q=0, gzip")).toEqual(["gzip", "identity"]);
    expect(acceptableEncodings("x-gzip")).toEqual(["gzip", "identity"]);
    expect(acceptableEncodings("GZIP;Q=0.5")).toEqual(["gzip", "identity"]);
  });

  it("sends no encoding without a header, for encodings we do not keep, or when gzip is refused", () => {
    expect(acceptableEncodings(undefined)).toEqual(["identity"]);
    expect(acceptableEncodings("")).toEqual(["identity"]);
    expect(acceptableEncodings("deflate")).toEqual(["identity"]);
    expect(acceptableEncodings("gzip;q=0")).toEqual(["identity"]);
    expect(acceptableEncodings("gzip;q=0.000")).toEqual(["identity"]);
  });

  it("reads * as every encoding not named, and honours a refusal of identity", () => {
    expect(acceptableEncodings("*")).toEqual(["br", "gzip", "identity"]);
    expect(acceptableEncodings("br;q=0, *")).toEqual(["gzip", "identity"]);
    expect(acceptableEncodings("identity;q=0, gzip;q=0.1")).toEqual(["gzip"]);
    expect(acceptableEncodings("br, identity;q=0")).toEqual(["br"]);
    // Nothing acceptable: the server still sends the unencoded body (compile-hinted-scripts.server.test.ts).
    expect(acceptableEncodings("*;q=0")).toEqual([]);
  });

  it("skips empty parts and reads a malformed q-value as no q-value, rather than failing", () => {
    expect(acceptableEncodings(",,gzip;q=abc, ;")).toEqual(["gzip", "identity"]);
    expect(acceptableEncodings("gzip, br;q=2")).toEqual(["br", "gzip", "identity"]);
    expect(acceptableEncodings("br;q=0.5;level=1")).toEqual(["br", "identity"]);
  });

  it("keeps a client that refused gzip out of gzip while Brotli is not ready", () => {
    expect(acceptableEncodings("br, gzip;q=0")).toEqual(["br", "identity"]);
  });
});

describe("encodeDocument", () => {
  const html = `<!DOCTYPE html><html><body>${"<p>Tickets from €42 — ₩ ₫ ₹ zł</p>".repeat(400)}</body></html>`;
  const text = (body: Uint8Array | string) => (typeof body === "string" ? body : Buffer.from(body));
  // The document in parts as entry.server.tsx has it: doctype, markup, the stylesheet, the rest.
  const parts = ["<!DOCTYPE html>", html.slice(15, 200), "<style>p{color:red}</style>", html.slice(200)];
  const joined = parts.join("");
  const bytes = documentBytes(parts);

  it("writes the parts' UTF-8 bytes in order", () => {
    expect(bytes.equals(Buffer.from(joined, "utf8"))).toBe(true);
  });

  it("compresses the whole document with the client's best accepted encoding, and it decodes to the same text", () => {
    const br = encodeDocument(bytes, "gzip, deflate, br");
    expect(br?.encoding).toBe("br");
    expect(brotliDecompressSync(text(br!.body)).toString("utf8")).toBe(joined);
    const gzip = encodeDocument(bytes, "gzip, deflate");
    expect(gzip?.encoding).toBe("gzip");
    expect(gunzipSync(text(gzip!.body)).toString("utf8")).toBe(joined);
    expect(br!.body.length).toBeLessThan(joined.length / 10);
  });

  it("sends the document as it is (its UTF-8 bytes) without an Accept-Encoding, and leaves an encoding it does not make to the compression step", () => {
    for (const header of [undefined, "deflate"]) {
      const plain = encodeDocument(bytes, header);
      expect(plain?.encoding).toBeNull();
      expect(text(plain!.body).toString("utf8")).toBe(joined);
    }
    expect(encodeDocument(bytes, "deflate, identity;q=0")).toBeNull();
  });
});
