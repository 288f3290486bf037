import { spawn, type ChildProcess } from "node:child_process";

// Starts the production server (build/index.js) for benchmarks and load tests, and waits until it answers.

/** Node's flags in `npm start` (package.json), so what is measured is what runs (decision 020). */
export const PRODUCTION_NODE_FLAGS = ["--max-old-space-size=384"];

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
  rssKb(): Promise<number>;
}

/** `cwd` is the checkout whose build/ runs (another worktree for the A/B bench). */
export async function startServer(port: number, env: Record<string, string> = {}, cwd = process.cwd()): Promise<RunningServer> {
  // Another checkout's server on this port would answer the health check below, and be measured instead.
  const taken = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} already has a server (another checkout's?); choose another with BENCH_PORT`);
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, "build/index.js"], {
    cwd,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`server did not start in 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
    rssKb: async () => {
      const { readFile } = await import("node:fs/promises");
      const status = await readFile(`/proc/${child.pid}/status`, "utf8").catch(() => "");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    },
  };
}
