/**
 * The one idle helper, for the page and the pipeline alike: runs `run` once the browser is idle (within
 * `timeoutMs`), or after a short timer where there is no idle callback (Safari).
 */
export function whenIdle(run: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, 200);
}
