import type { HeaderReader } from "~/server/header-reader.server";
import { isbot } from "isbot";
import { z } from "zod";
import { countDeviceClassification } from "~/server/metrics.server";
import { isMobileWidth } from "../../machines/spec-values";

// Which of the three copies of a page a request gets (docs/cdn-contract.md): a bot's (no
// consent defaults, no tracking), a phone's (sticky header, mobile-first viewport) or a desktop's.
// A CDN in front classifies each request once and sends the result in X-Device, so it keys its cache
// on one header with three values; the server then takes that header's word and reads nothing else.
// Without it the server classifies the request itself, and the page must vary on every signal it read.

const DEVICE_HEADER = "x-device";
const DEVICES = ["mobile", "desktop", "bot"] as const;
export type Device = (typeof DEVICES)[number];

/** The request headers the server classifies by when no CDN sent X-Device. */
const DEVICE_SIGNALS = ["user-agent", "sec-ch-ua-mobile", "sec-ch-viewport-width", "viewport-width"] as const;

const DeviceHeaderSchema = z.enum(DEVICES);

export interface RequestDevice {
  device: Device;
  /** "cdn": X-Device decided it; "signals": the server read the User-Agent and client hints. */
  decidedBy: "cdn" | "signals";
}

/**
 * A first guess at a phone from what the request says; the browser rechecks on load (docs/requirements.md#4-behaviour).
 * Order: viewport-width client hint (exact), then Sec-CH-UA-Mobile, then the user agent.
 */
function looksMobile(headers: HeaderReader): boolean {
  const viewport = Number.parseInt(headers.get("sec-ch-viewport-width") ?? headers.get("viewport-width") ?? "", 10);
  if (Number.isFinite(viewport) && viewport > 0) return isMobileWidth(viewport);
  const uaMobile = headers.get("sec-ch-ua-mobile");
  if (uaMobile === "?1") return true;
  if (uaMobile === "?0") return false;
  return /Mobi|Android|iPhone|iPod|iPad|IEMobile|Opera Mini|BlackBerry/i.test(headers.get("user-agent") ?? "");
}

/** The server's own classification; a bot is a bot whatever its screen, so there are three copies, not four. */
export function classifyDevice(headers: HeaderReader): Device {
  if (isbot(headers.get("user-agent") ?? "")) return "bot";
  return looksMobile(headers) ? "mobile" : "desktop";
}

/** The device a request gets, counted in the metrics: the edge asks once per request (request-context.server.ts). */
export function requestDevice(headers: HeaderReader): RequestDevice {
  const sent = DeviceHeaderSchema.safeParse((headers.get(DEVICE_HEADER) ?? "").trim().toLowerCase());
  const decided: RequestDevice = sent.success ? { device: sent.data, decidedBy: "cdn" } : { device: classifyDevice(headers), decidedBy: "signals" };
  countDeviceClassification(decided.device, decided.decidedBy);
  return decided;
}

/** The request headers that decided the device, for Vary. X-Device is always named: its absence decides too. */
export function deviceVary(decidedBy: RequestDevice["decidedBy"]): string[] {
  return decidedBy === "cdn" ? [DEVICE_HEADER] : [DEVICE_HEADER, ...DEVICE_SIGNALS];
}
