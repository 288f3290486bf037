// When deferred work runs: in a task of its own.

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
