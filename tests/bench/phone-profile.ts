import type { BrowserContextOptions, CDPSession } from "@playwright/test";

// The phone the field benchmark is: a mid-range Android on a slow mobile network, fixed so runs compare.

// A real Android Chrome: the app treats HeadlessChrome as a bot and sends it no events.
export const PHONE_USER_AGENT = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

export const PHONE_CONTEXT: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent: PHONE_USER_AGENT,
};

export const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export const PHONE_CPU_SLOWDOWN = 4;

/** Network and CPU throttling for the page `cdp` is attached to. */
export async function throttleLikeAPhone(cdp: CDPSession): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_CPU_SLOWDOWN });
}
