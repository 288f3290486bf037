import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

// A real redis-server (Debian's package) for the shared-cache tests: on a free loopback port, in a
// temporary folder, with persistence off, stopped and started again at will (an outage mid-test), and
// killed at the end. Missing, it fails the test with what to run: no test is skipped silently.

export interface RedisServer {
  port: number;
  /** redis://:password@127.0.0.1:port (the password, when set, is a test secret). */
  url: string;
  running: () => boolean;
  /** Stops the server (SIGTERM, nothing saved); the port stays the test's. */
  stop: () => Promise<void>;
  /** Starts it again on the same port, empty. */
  start: () => Promise<void>;
  /** Stops it and removes its folder. */
  close: () => Promise<void>;
}

function redisServerBinary(): string {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  const binary = found.stdout.trim();
  if (found.status !== 0 || !binary) {
    throw new Error(
      "redis-server is not installed: run `node tests/setup/ensure-installed.mjs --redis` (npm test's pretest does) or `apt-get install redis-server`.",
    );
  }
  return binary;
}

export async function startRedisServer(options: { password?: string } = {}): Promise<RedisServer> {
  const binary = redisServerBinary();
  const dir = mkdtempSync(path.join(tmpdir(), "redis-test-"));
  const port = await freePort();
  // DEBUG SLEEP (from loopback only) lets a test make the server slow without stopping it.
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
    "--dir",
    dir,
    "--daemonize",
    "no",
    "--enable-debug-command",
    "local",
  ];
  if (options.password) args.push("--requirepass", options.password);
  let child: ChildProcess | null = null;

  const start = async () => {
    const proc = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const onData = (text: Buffer) => {
        output += text.toString();
        if (output.includes("Ready to accept connections")) resolve();
      };
      proc.stdout!.on("data", onData);
      proc.stderr!.on("data", onData);
      proc.once("exit", (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`)));
    });
  };

  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once("exit", () => resolve());
      proc.kill("SIGTERM");
    });
  };

  await start();
  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : "";
  return {
    port,
    url: `redis://${auth}127.0.0.1:${port}`,
    running: () => child !== null,
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
