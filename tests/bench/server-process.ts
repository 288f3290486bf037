import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Starts the production server (build/index.js) for benchmarks and load tests, and waits until it answers.

/** Node's flags in `npm start` (package.json), so what is measured is what runs (decision 020). */
export const PRODUCTION_NODE_FLAGS = ["--max-old-space-size=384"];

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** From spawn to the first /healthz 200, in ms. */
  startupMs: number;
  /** The end of what the server has logged so far. */
  output(): string;
  /** The collector's sink (COLLECT_SINK), a folder of this server's own unless the bench set one: gone once the server stops. */
  collectSink: string;
  stop(): Promise<void>;
  rssKb(): Promise<number>;
  /** The process's CPU time so far, every thread (its JavaScript, GC helpers, the thread pool), in ms; null off Linux. */
  cpuMs(): number | null;
}

/**
 * `cwd` is the checkout whose build/ runs (another worktree for the A/B bench). `preload` is a module Node
 * imports before the build (`--import`), given an IPC channel (`process.send`): the render probe of
 * tests/bench/origin.ts. `nodeFlags` replaces `npm start`'s (the scale bench runs with none);
 * `healthPollMs` and `startTimeoutMs` set how often and how long /healthz is asked.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  cwd = process.cwd(),
  options: { preload?: string; nodeFlags?: readonly string[]; healthPollMs?: number; startTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const { nodeFlags = PRODUCTION_NODE_FLAGS, healthPollMs = 100, startTimeoutMs = 30_000 } = options;
  // Another checkout's server on this port would answer the health check below, and be measured instead.
  const taken = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} already has a server (another checkout's?); choose another with BENCH_PORT`);
  const logDir = mkdtempSync(path.join(tmpdir(), "bench-server-"));
  const logFile = path.join(logDir, "server.log");
  const collectSink = env.COLLECT_SINK ?? `file:${path.join(logDir, "events")}`;
  const logFd = openSync(logFile, "w");
  const preload = options.preload ? ["--import", options.preload] : [];
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, ...preload, "build/index.js"], {
    cwd,
    // Metrics off and no drain unless a bench asks (tests/bench/observability.ts measures their cost).
    // The collector writes a folder of this server's own (one instance per folder: a lock file holds it).
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      METRICS_PORT: "0",
      SHUTDOWN_DRAIN_MS: "0",
      COLLECT_SINK: collectSink,
      ...env,
    },
    // Its log (an access line per request) goes to a file, as a container runtime's would: reading it here
    // would take CPU from the load generator in this process, and be counted against the server.
    stdio: options.preload ? ["ignore", logFd, logFd, "ipc"] : ["ignore", logFd, logFd],
  });
  closeSync(logFd);
  const output = () => readFileSync(logFile, "utf8").slice(-20_000);
  child.once("exit", () => rmSync(logDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`server did not start in ${startTimeoutMs / 1000} s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, healthPollMs));
  }
  const startupMs = performance.now() - started;
  return {
    url,
    process: child,
    startupMs,
    output,
    collectSink,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
    cpuMs: () => {
      try {
        // Fields 14 and 15 of /proc/<pid>/stat (utime, stime), in clock ticks of 10 ms; the name before them may hold spaces.
        const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return (Number(fields[11]) + Number(fields[12])) * 10;
      } catch {
        return null;
      }
    },
    rssKb: async () => {
      const { readFile } = await import("node:fs/promises");
      const status = await readFile(`/proc/${child.pid}/status`, "utf8").catch(() => "");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    },
  };
}
