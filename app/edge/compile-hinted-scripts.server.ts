import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { RequestHandler, Response } from "express";
import { acceptableEncodings, type ContentEncoding } from "~/server/content-encoding.server";

// The build's scripts, served with V8's explicit compile hint as their first line, so Chrome compiles
// them off the main thread while they stream in instead of lazily in the page's longest tasks
// (decision 002; v8.dev/blog/explicit-compile-hints). Browsers without the feature read a comment.
//
// Each script is also compressed once, not per request: gzip at level 9 before it is first served and
// Brotli at quality 11 in the background (zlib's thread pool) after (decision 003).

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Fingerprinted file names only: letters, digits, dots, dashes, underscores, in folders. */
const SCRIPT_PATH = /^\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+\.js$/;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

interface HintedScript {
  /** The script as served without compression, and its strong ETag. */
  identity: Buffer;
  etag: string;
  /** Filled in once compressed; until Brotli is ready, "br" clients get gzip. */
  encoded: Partial<Record<Exclude<ContentEncoding, "identity">, Buffer>>;
}

async function hinted(code: Buffer): Promise<HintedScript> {
  const identity = Buffer.concat([Buffer.from(COMPILE_HINT), code]);
  const script: HintedScript = { identity, etag: createHash("sha1").update(identity).digest("base64url"), encoded: {} };
  script.encoded.gzip = await gzipAsync(identity, { level: 9 });
  brotliAsync(identity, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length },
  }).then(
    (br) => void (script.encoded.br = br),
    () => undefined, // gzip stays the best we offer
  );
  return script;
}

/**
 * The body in the best encoding the client accepts that is ready (Brotli is made after the first
 * answer); unencoded when it accepts none of them, the safest answer even to a client that refused it.
 */
function representation(script: HintedScript, accepted: readonly ContentEncoding[]): { encoding: ContentEncoding; body: Buffer } {
  for (const encoding of accepted) {
    const body = encoding === "identity" ? script.identity : script.encoded[encoding];
    if (body) return { encoding, body };
  }
  return { encoding: "identity", body: script.identity };
}

/** `setHeaders` adds the headers every static file carries (as express.static's option of that name). */
export function compileHintedScripts(buildDir: string, setHeaders: (res: Response) => void = () => undefined): RequestHandler {
  // The build never changes while the server runs, so each file is read, compressed and hashed once
  // (res.send would otherwise hash the whole file, React DOM's included, on every request).
  const scripts = new Map<string, Promise<HintedScript>>();
  const load = (urlPath: string) => {
    let script = scripts.get(urlPath);
    if (!script) {
      script = readFile(path.join(buildDir, urlPath)).then(hinted);
      scripts.set(urlPath, script);
      script.catch(() => scripts.delete(urlPath)); // a missing file is not remembered
    }
    return script;
  };

  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !SCRIPT_PATH.test(req.path) || req.path.includes("..")) return next();
    load(req.path).then(
      (script) => {
        const { encoding, body } = representation(script, acceptableEncodings(req.get("accept-encoding")));
        setHeaders(res);
        res.type("text/javascript");
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        res.setHeader("Vary", "Accept-Encoding");
        // Each encoding is its own representation, so its own strong validator.
        res.setHeader("ETag", `"${script.etag}${encoding === "identity" ? "" : `-${encoding}`}"`);
        if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
        res.send(body);
      },
      () => next(), // not a file of the build: the static handler answers (a 404)
    );
  };
}
