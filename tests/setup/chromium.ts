// Debian's chromium and the flags it needs on this machine (no network but loopback; never a
// downloaded browser). Shared by Playwright and the Lighthouse runs.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  // The embedded sites use reserved .example hosts; map them to this machine for the path URL form.
  "--host-resolver-rules=MAP *.example 127.0.0.1",
];
