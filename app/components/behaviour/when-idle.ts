/** Runs `run` once the browser is idle (within 2 s), or after a short timer where there is no idle callback (Safari). */
export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
