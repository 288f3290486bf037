import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

// A real shared cache (Debian's varnish) in front of a storefront for the CDN tests, running the
// repository's reference configuration (docs/cdn/storefront.vcl) with its backend pointed at the test's
// origin, on a free loopback port, in a temporary folder, killed at the end. Missing, it fails the test
// with what to run: no test is skipped silently.

const REFERENCE_VCL = path.resolve("docs/cdn/storefront.vcl");

export interface VarnishServer {
  port: number;
  origin: string;
  stop: () => Promise<void>;
}

function varnishdBinary(): string {
  for (const candidate of ["/usr/sbin/varnishd"]) if (existsSync(candidate)) return candidate;
  const found = spawnSync("sh", ["-c", "command -v varnishd"], { encoding: "utf8" });
  const binary = found.stdout.trim();
  if (found.status !== 0 || !binary) {
    throw new Error("varnishd is not installed: run `node tests/setup/ensure-installed.mjs --varnish` (npm test's pretest does) or `apt-get install varnish`.");
  }
  return binary;
}

/** Varnish with the reference VCL, its backend the origin on `backendPort`. */
export async function startVarnish(backendPort: number): Promise<VarnishServer> {
  const binary = varnishdBinary();
  // Varnish compiles the VCL as its own unprivileged user: the folder and the file must be readable by it.
  const dir = mkdtempSync(path.join(tmpdir(), "varnish-test-"));
  chmodSync(dir, 0o755);
  const vcl = path.join(dir, "storefront.vcl");
  const reference = readFileSync(REFERENCE_VCL, "utf8");
  const pointed = reference.replace(/\.port = "\d+";/, `.port = "${backendPort}";`);
  if (pointed === reference) throw new Error(`${REFERENCE_VCL}: no backend port to point at the test's origin`);
  writeFileSync(vcl, pointed, { mode: 0o644 });
  const port = await freePort();
  const child: ChildProcess = spawn(binary, ["-F", "-a", `127.0.0.1:${port}`, "-f", vcl, "-n", path.join(dir, "work"), "-s", "malloc,64m", "-T", "none"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [child.stdout!, child.stderr!]) stream.on("data", (text: Buffer) => (output += text.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  // Ready once it answers HTTP at all (a 503 while the origin is still starting counts).
  for (let i = 0; i < 200; i += 1) {
    if (child.exitCode !== null) break;
    const answered = await fetch(`${origin}/healthz`).then(
      () => true,
      () => false,
    );
    if (answered) return { port, origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`varnishd did not start:\n${output}`);
}
