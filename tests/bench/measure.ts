import autocannon from "autocannon";
import { gzipSync } from "node:zlib";
import { initialScriptUrls } from "./initial-scripts";
import { VISITOR_HEADERS } from "./pages";

// Measurements used by `npm run bench` and `npm run soak`. Loopback only.

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered over the whole load. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export async function load(
  url: string,
  options: { connections?: number; durationSeconds?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.durationSeconds ?? 10,
    headers: { ...VISITOR_HEADERS, ...options.headers },
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Time to first byte of one request, in ms, asked as a visitor (VISITOR_HEADERS). */
export async function ttfb(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { ...VISITOR_HEADERS, ...headers } });
  const reader = response.body?.getReader();
  await reader?.read();
  const ms = performance.now() - started;
  await reader?.cancel();
  return { ms, status: response.status };
}

/** The JS a page loads up front (initialScriptUrls), gzip-compressed. */
export async function initialJsGzipBytes(baseUrl: string, path: string): Promise<{ files: number; rawBytes: number; gzipBytes: number }> {
  const html = await (await fetch(`${baseUrl}${path}`, { headers: VISITOR_HEADERS })).text();
  const urls = initialScriptUrls(html);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer());
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.length, rawBytes, gzipBytes };
}
