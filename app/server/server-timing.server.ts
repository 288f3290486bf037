import type { HeaderReader } from "~/server/header-reader.server";
import { createHash, timingSafeEqual } from "node:crypto";

// Who sees what in Server-Timing. Upstream endpoints, their failures and the page
// cache's hit or miss are for operators: a request whose X-Server-Timing-Key header carries the
// SERVER_TIMING_KEY secret sees them, and its response is private, no-store, so no shared cache keeps
// that detail for anyone else. Every other visitor sees one total, without a description.

const SERVER_TIMING_KEY_HEADER = "x-server-timing-key";

export const OPERATOR_CACHE_CONTROL = "private, no-store";

export function isOperatorRequest(headers: HeaderReader, key: string | undefined): boolean {
  const sent = headers.get(SERVER_TIMING_KEY_HEADER);
  if (!key || !sent) return false;
  // Equal-length digests, so the comparison's time tells nothing about the key.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(sent), digest(key));
}

export interface ResponseTiming {
  operator: boolean;
  /** The loader's own entries (upstream calls, prices), present on an operator's rendered page. */
  detail: string | null;
  pageCache: "hit" | "miss" | null;
  totalMs: number;
}

/** The Server-Timing value the server sends: for visitors the total alone. */
export function responseServerTiming({ operator, detail, pageCache, totalMs }: ResponseTiming): string {
  const total = `total;dur=${totalMs.toFixed(1)}`;
  if (!operator) return total;
  return [detail, pageCache ? `page-cache;desc="${pageCache}"` : null, total].filter(Boolean).join(", ");
}
