import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../setup/free-port";

// A production server of its own for a describe block (build/index.js, as Playwright's web server),
// whose stdout and stderr the test reads: the HTTP hardening tests count log lines per request and
// run settings the shared server does not (URL_MODE=production).

export interface StorefrontServer {
  port: number;
  origin: string;
  /** Where its Prometheus metrics are served (METRICS_PORT), never the public port. */
  metricsPort: number;
  pid: number;
  /** Every line the server wrote to stdout or stderr so far. */
  logs: string[];
  /** Resident memory of the server process, in MB. */
  rssMb: () => number;
  /** Lines logged from `from` on, once no new line has come for `quietMs`. */
  logsSince: (from: number, quietMs?: number) => Promise<string[]>;
  stop: () => Promise<void>;
  /** The exit code once the process has ended (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** A log line as the server writes it in production: one JSON object (docs/operations.md#logs). */
export interface LogLine {
  level: string;
  msg: string;
  [field: string]: unknown;
}

/** The line parsed, or null when it is not one JSON object. */
export function parseLogLine(line: string): LogLine | null {
  try {
    const value = JSON.parse(line) as unknown;
    return value && typeof value === "object" && typeof (value as LogLine).msg === "string" ? (value as LogLine) : null;
  } catch {
    return null;
  }
}

/** The messages of the lines other than access lines (requests' own lines carry a requestId). */
export function messages(lines: string[]): string[] {
  return lines.flatMap((line) => {
    const parsed = parseLogLine(line);
    return parsed && parsed.requestId === undefined ? [parsed.msg] : [];
  });
}

/** A socket of this machine as /proc/net/tcp and tcp6 list it (the network namespace's, whichever process holds it). */
interface TcpSocket {
  localAddress: string;
  localPort: number;
  /** The kernel's state: "0A" LISTEN, "08" CLOSE_WAIT, "01" ESTABLISHED… */
  state: string;
  /** Bytes received that the process has not read yet. */
  unread: number;
}

/** An address from /proc/net/tcp's hex form: IPv4 as dotted decimal, IPv6 as eight groups ("::" compressed only when all zero). */
function procAddress(hex: string): string {
  if (hex.length === 8) return [6, 4, 2, 0].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(".");
  // IPv6: four 32-bit words, each in host (little-endian) byte order.
  const bytes = [0, 8, 16, 24].flatMap((word) => [6, 4, 2, 0].map((at) => hex.slice(word + at, word + at + 2)));
  const groups = Array.from({ length: 8 }, (_, i) => parseInt(bytes[2 * i]! + bytes[2 * i + 1]!, 16).toString(16));
  return groups.every((g) => g === "0") ? "::" : groups.join(":");
}

function tcpSockets(pid: number): TcpSocket[] {
  return ["tcp", "tcp6"].flatMap((file) => {
    let text = "";
    try {
      text = readFileSync(`/proc/${pid}/net/${file}`, "utf8");
    } catch {
      return [];
    }
    return text
      .split("\n")
      .slice(1)
      .flatMap((line) => {
        const [, local, , state, queues] = line.trim().split(/\s+/);
        if (!local || !state || !queues) return [];
        const [address, port] = local.split(":");
        return [{ localAddress: procAddress(address!), localPort: parseInt(port!, 16), state, unread: parseInt(queues.split(":")[1]!, 16) }];
      });
  });
}

/** The addresses a port is listened on. */
export function listeningAddresses(pid: number, port: number): string[] {
  return tcpSockets(pid)
    .filter((s) => s.localPort === port && s.state === "0A")
    .map((s) => s.localAddress)
    .sort();
}

/**
 * The server's connections on `port` in CLOSE-WAIT: the client has closed its side and the server has not
 * closed its own (a socket nobody will ever answer or reclaim).
 */
export function closeWaitCount(pid: number, port: number): number {
  return tcpSockets(pid).filter((s) => s.localPort === port && s.state === "08").length;
}

/** Bytes sent to the server's connections on `port` that it has not read yet (0: it has read all it was sent). */
export function unreadBytes(pid: number, port: number): number {
  return tcpSockets(pid)
    .filter((s) => s.localPort === port && s.state === "01")
    .reduce((sum, s) => sum + s.unread, 0);
}

export async function startStorefront(env: Record<string, string> = {}): Promise<StorefrontServer> {
  const port = await freePort();
  const metricsPort = env.METRICS_PORT ? Number(env.METRICS_PORT) : await freePort();
  const child: ChildProcess = spawn(process.execPath, ["build/index.js"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      HOST: "127.0.0.1",
      URL_MODE: "development",
      NODE_ENV: "production",
      // Stops at once unless a test asks for the drain (tests/e2e/operations.spec.ts).
      SHUTDOWN_DRAIN_MS: "0",
      // The collector writes a folder of this server's own (one instance per folder: a lock file holds it).
      COLLECT_SINK: `file:${mkdtempSync(path.join(tmpdir(), "storefront-events-"))}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const partial = { stdout: "", stderr: "" };
  for (const stream of ["stdout", "stderr"] as const) {
    child[stream]!.setEncoding("utf8");
    child[stream]!.on("data", (text: string) => {
      const lines = (partial[stream] + text).split("\n");
      partial[stream] = lines.pop()!;
      logs.push(...lines);
    });
  }
  let lastLogAt = Date.now();
  child.stdout!.on("data", () => (lastLogAt = Date.now()));
  child.stderr!.on("data", () => (lastLogAt = Date.now()));
  const origin = `http://localhost:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  for (let i = 0; i < 400; i += 1) {
    if (child.exitCode !== null) break;
    const up = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up)
      return {
        port,
        origin,
        metricsPort,
        exited,
        pid: child.pid!,
        logs,
        rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024,
        logsSince: async (from, quietMs = 150) => {
          do await new Promise((resolve) => setTimeout(resolve, quietMs));
          while (Date.now() - lastLogAt < quietMs);
          return logs.slice(from);
        },
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
          await exited;
        },
      };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill("SIGTERM");
  throw new Error(`storefront did not start:\n${logs.join("\n")}`);
}
