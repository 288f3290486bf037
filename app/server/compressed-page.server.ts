import { promisify } from "node:util";
import zlib from "node:zlib";

// A cached page compressed once, gzip and Brotli, and still sent with each response's own CSP nonce
// (decision 028). The page is stored as the segments between its render's nonces; each response joins
// the stored compressed segments with the nonce written as an uncompressed block in between, so a
// cache hit costs a few buffer copies instead of compressing 60–110 KB of HTML again.
//
// - gzip: each segment is deflated on its own (no reference can reach across a nonce) and all but the
//   last end on a sync flush, byte-aligned; the nonce goes in a stored block. The gzip trailer's CRC-32
//   is combined from the segments' CRCs and the nonce's, without reading the segments again.
// - Brotli: one encoder, flushed around a placeholder of the nonce's length at each cut; the
//   placeholder's output is dropped and the nonce is written as an uncompressed meta-block of the same
//   length. That is exact only if no later copy reads a placeholder byte and the placeholders are
//   literals only, so they are control bytes that HTML never holds, with no two-byte sequence used
//   twice, and literal context modelling is off (the decoder sees the nonce, not the placeholder, as
//   the bytes before the next segment). Every Brotli form is decoded once with a probe nonce when it
//   is made; one that does not give the page back is not kept (the page is then sent gzip).

const deflateRaw = promisify(zlib.deflateRaw);
const brotliDecompress = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);
const { constants } = zlib;

export interface GzipForm {
  /** Raw deflate of each segment; all but the last end byte-aligned and not final. */
  parts: Buffer[];
  /** CRC-32 of each segment's uncompressed bytes. */
  crcs: number[];
  /** x^(8·length) mod the CRC polynomial, per segment: what appending that segment does to a CRC. */
  shifts: number[];
  /** Uncompressed bytes of all segments together (the nonces not included). */
  size: number;
}

export interface CompressedForms {
  /** null when it could not be made exact (the page is then compressed per response). */
  gzip: GzipForm | null;
  /** The Brotli stream's pieces between the nonces; null when it could not be made exact. */
  br: Buffer[] | null;
}

/** Compresses a page's segments (the HTML cut where its nonce goes) in both encodings; off the main thread. */
export async function compressSegments(segments: Buffer[], nonceLength: number): Promise<CompressedForms> {
  const [gzip, br] = await Promise.all([gzipForm(segments, nonceLength), brotliForm(segments, nonceLength)]);
  return { gzip, br };
}

/** Deflate's window: how far back a copy may reach. */
const DEFLATE_WINDOW = 32 * 1024;

async function gzipForm(segments: Buffer[], nonceLength: number): Promise<GzipForm | null> {
  const last = segments.length - 1;
  // Each segment may copy from the ones before it (its dictionary is what precedes it, the nonces as
  // control bytes that its text never matches), so splitting costs almost nothing in size.
  const gap = Buffer.alloc(nonceLength, 1);
  // The window before each segment, carried forward: only its last 32 KB can be copied from.
  let window = Buffer.alloc(0);
  const parts = await Promise.all(
    segments.map((segment, i) => {
      const dictionary = i === 0 ? undefined : window;
      if (i < last) window = Buffer.concat([window, segment, gap]).subarray(-DEFLATE_WINDOW);
      return deflateRaw(segment, { ...(i === last ? {} : { finishFlush: constants.Z_SYNC_FLUSH }), ...(dictionary ? { dictionary } : {}) });
    }),
  );
  const form: GzipForm = {
    parts,
    crcs: segments.map((segment) => zlib.crc32(segment)),
    shifts: segments.map((segment) => crcShift(segment.length)),
    size: segments.reduce((sum, segment) => sum + segment.length, 0),
  };
  return (await decodesTo(gunzip, Buffer.concat(joinGzip(form, probeNonce(nonceLength))), segments, nonceLength)) ? form : null;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** The page as one gzip member, with `nonce` at every cut, in the pieces it is sent in (never joined on a hit). */
export function joinGzip(form: GzipForm, nonce: Buffer): Buffer[] {
  const nonceCrc = zlib.crc32(nonce);
  const nonceShift = crcShift(nonce.length);
  const storedNonce = Buffer.allocUnsafe(5 + nonce.length);
  storedNonce[0] = 0; // BFINAL 0, BTYPE 00 (stored), padded to the byte
  storedNonce.writeUInt16LE(nonce.length, 1);
  storedNonce.writeUInt16LE(~nonce.length & 0xffff, 3);
  nonce.copy(storedNonce, 5);
  const pieces: Buffer[] = [GZIP_HEADER, form.parts[0]!];
  let crc = form.crcs[0]!;
  for (let i = 1; i < form.parts.length; i++) {
    pieces.push(storedNonce, form.parts[i]!);
    crc = crcCombine(crc, nonceCrc, nonceShift);
    crc = crcCombine(crc, form.crcs[i]!, form.shifts[i]!);
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((form.size + nonce.length * (form.parts.length - 1)) >>> 0, 4);
  pieces.push(trailer);
  return pieces;
}

/** The page as one Brotli stream, with `nonce` at every cut, in the pieces it is sent in (never joined on a hit). */
export function joinBrotli(parts: Buffer[], nonce: Buffer): Buffer[] {
  const block = uncompressedMetaBlock(nonce);
  const pieces: Buffer[] = [parts[0]!];
  for (let i = 1; i < parts.length; i++) pieces.push(block, parts[i]!);
  return pieces;
}

/** A Brotli meta-block that is not the last, holding `bytes` as they are (ISLAST 0, 4 nibbles, ISUNCOMPRESSED 1, padding). */
function uncompressedMetaBlock(bytes: Buffer): Buffer {
  const header = ((bytes.length - 1) << 3) | (1 << 19);
  const block = Buffer.allocUnsafe(3 + bytes.length);
  block[0] = header & 0xff;
  block[1] = (header >>> 8) & 0xff;
  block[2] = (header >>> 16) & 0xff;
  bytes.copy(block, 3);
  return block;
}

/** Control bytes that HTML text never holds (tab, line feed, form feed and carriage return left out). */
const PLACEHOLDER_BYTES = [1, 2, 3, 4, 5, 6, 7, 8, ...Array.from({ length: 18 }, (_, i) => 0x0e + i)];

/** A sequence of those bytes in which no two-byte sequence appears twice (677 bytes: every pair once). */
const PLACEHOLDER_SEQUENCE: Buffer = (() => {
  const n = PLACEHOLDER_BYTES.length;
  const used = new Set<number>();
  const sequence = [0];
  for (;;) {
    const from = sequence[sequence.length - 1]!;
    let next = -1;
    for (let to = n - 1; to >= 0; to--)
      if (!used.has(from * n + to)) {
        next = to;
        break;
      }
    if (next < 0) break;
    used.add(from * n + next);
    sequence.push(next);
  }
  return Buffer.from(sequence.map((i) => PLACEHOLDER_BYTES[i]!));
})();

async function brotliForm(segments: Buffer[], nonceLength: number): Promise<Buffer[] | null> {
  const cuts = segments.length - 1;
  if (cuts > 0 && (nonceLength < 1 || nonceLength > 0xffff || cuts * nonceLength > PLACEHOLDER_SEQUENCE.length)) return null;
  const encoder = zlib.createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
      [constants.BROTLI_PARAM_SIZE_HINT]: segments.reduce((sum, segment) => sum + segment.length, 0),
    },
  });
  const out: Buffer[] = [];
  encoder.on("data", (chunk: Buffer) => out.push(chunk));
  const take = () => Buffer.concat(out.splice(0));
  const flushed = () => new Promise<void>((resolve) => encoder.flush(constants.BROTLI_OPERATION_FLUSH, () => resolve()));
  const ended = new Promise<void>((resolve, reject) => encoder.on("end", resolve).on("error", reject));
  const parts: Buffer[] = [];
  for (let i = 0; i < cuts; i++) {
    encoder.write(segments[i]);
    await flushed();
    parts.push(take());
    encoder.write(PLACEHOLDER_SEQUENCE.subarray(i * nonceLength, (i + 1) * nonceLength));
    await flushed();
    take();
  }
  encoder.end(segments[cuts]);
  await ended;
  parts.push(take());
  return (await decodesTo(brotliDecompress, Buffer.concat(joinBrotli(parts, probeNonce(nonceLength))), segments, nonceLength)) ? parts : null;
}

/** A nonce for the proof that a form is exact; base64 letters, like a real one. */
function probeNonce(length: number): Buffer {
  return Buffer.alloc(length, "Az+/");
}

/** The proof: the form joined with the probe nonce decodes to the page with that nonce. */
async function decodesTo(decode: (input: Buffer) => Promise<Buffer>, joined: Buffer, segments: Buffer[], nonceLength: number): Promise<boolean> {
  const probe = probeNonce(nonceLength);
  const expected = Buffer.concat(segments.flatMap((segment, i) => (i < segments.length - 1 ? [segment, probe] : [segment])));
  const decoded = await decode(joined).catch(() => null);
  return decoded?.equals(expected) ?? false;
}

// CRC-32 of two pieces joined, from their CRCs (zlib's crc32_combine, with the shift for the second
// piece's length computed once when the page is stored).
const CRC_POLY = 0xedb88320;

/** a(x)·b(x) modulo the CRC polynomial, bit-reflected as CRC-32 stores them. */
function multModP(a: number, b: number): number {
  let m = 1 << 31;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const X2N: number[] = (() => {
  const table = [1 << 30];
  for (let k = 1; k < 32; k++) table.push(multModP(table[k - 1]!, table[k - 1]!));
  return table;
})();

/** x^(8·bytes) modulo the polynomial: what appending `bytes` bytes does to a CRC. */
export function crcShift(bytes: number): number {
  let p = 1 << 31;
  let n = bytes;
  for (let k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multModP(X2N[k & 31]!, p);
  return p >>> 0;
}

/** The CRC-32 of A then B, from A's CRC, B's CRC and B's shift. */
export function crcCombine(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0;
}
