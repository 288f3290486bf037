// When deferred work runs: in a task of its own, or when the browser is idle.

/**
 * Resolves in a task of its own, so work split at these points is several short tasks rather than
 * one long one (a long task on a phone is what Total Blocking Time counts). A message rather than a
 * timer: timers are throttled in background tabs and clamped when nested, and test clocks freeze them.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Calls back when the browser has nothing else to do, at most `timeout` ms from now. Idle periods
 * start after a frame, so work put here waits for the first paint. Where idle callbacks are missing
 * (Safari), on the next task.
 */
export function whenIdle(callback: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 1);
  return () => window.clearTimeout(id);
}
