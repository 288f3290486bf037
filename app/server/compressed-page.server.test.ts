import { brotliDecompressSync, crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressSegments, crcCombine, crcShift, joinBrotli, joinGzip } from "./compressed-page.server";

const NONCE = "QUJDREVGR0hJSktMTU5PUA==";
const segmentsOf = (html: string) => html.split(NONCE).map((part) => Buffer.from(part));
const withNonce = (html: string, nonce: string) => html.replaceAll(NONCE, nonce);

describe("crcCombine", () => {
  it("gives the CRC-32 of two pieces joined, at every length boundary", () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [3, 65535],
      [65536, 1],
      [100_000, 32_768],
    ]) {
      const first = Buffer.alloc(a!, "ab€");
      const second = Buffer.alloc(b!, "x\u0001y");
      expect(crcCombine(crc32(first), crc32(second), crcShift(second.length))).toBe(crc32(Buffer.concat([first, second])));
    }
  });
});

describe("compressSegments", () => {
  const page = `<style nonce="${NONCE}"></style>${"<li>Louvre Museum – skip the line €39</li>".repeat(300)}<script nonce="${NONCE}">x</script><p>end</p>`;

  it("joins with any nonce of the same length into streams that real decoders read back exactly", async () => {
    const forms = await compressSegments(segmentsOf(page), NONCE.length);
    for (const nonce of ["AAAAAAAAAAAAAAAAAAAAAA==", "/+/+/+/+/+/+/+/+/+/+/w==", NONCE]) {
      expect(gunzipSync(Buffer.concat(joinGzip(forms.gzip!, Buffer.from(nonce)))).toString()).toBe(withNonce(page, nonce));
      expect(brotliDecompressSync(Buffer.concat(joinBrotli(forms.br!, Buffer.from(nonce)))).toString()).toBe(withNonce(page, nonce));
    }
  });

  it("keeps no form it cannot prove exact: text that holds the placeholder bytes", async () => {
    // Runs of the byte that stands for the nonce in gzip's dictionary, right after each nonce: deflate
    // copies from the dictionary's stand-in, which the decoder holds as the nonce, so the proof fails.
    const hostile = `${page.replaceAll(NONCE, `${NONCE}\u0001\u0001\u0001\u0001`).repeat(2)}${"\u0001".repeat(200)}`;
    const forms = await compressSegments(segmentsOf(hostile), NONCE.length);
    const nonce = "ZZZZZZZZZZZZZZZZZZZZZZ==";
    expect(forms.gzip).toBeNull();
    if (forms.br) expect(brotliDecompressSync(Buffer.concat(joinBrotli(forms.br, Buffer.from(nonce)))).toString()).toBe(withNonce(hostile, nonce));
  });

  it("makes no Brotli form for more cuts than the placeholder sequence holds, and still a gzip one", async () => {
    const fits = Math.floor(677 / NONCE.length);
    const atLimit = await compressSegments(segmentsOf(`<b nonce="${NONCE}"></b>`.repeat(fits)), NONCE.length);
    const overLimit = await compressSegments(segmentsOf(`<b nonce="${NONCE}"></b>`.repeat(fits + 1)), NONCE.length);
    expect(atLimit.br).not.toBeNull();
    expect(overLimit.br).toBeNull();
    expect(gunzipSync(Buffer.concat(joinGzip(overLimit.gzip!, Buffer.from(NONCE)))).toString()).toBe(`<b nonce="${NONCE}"></b>`.repeat(fits + 1));
  });
});
