#!/usr/bin/env node
// Makes `npm start` and `npm test` self-sufficient on a fresh clone (README, "Two commands": they do all set-up).
// Plain Node with no dependencies, because it runs before node_modules exists.
//   - installs npm packages when node_modules is missing or older than package.json / package-lock.json
//     (`npm install`, not `npm ci`: the lockfile lacks some platform packages on this machine);
//   - with --browser, installs Debian's chromium when /usr/bin/chromium is absent (never a downloaded browser);
//   - with --redis, installs Debian's redis-server when it is not on PATH (the shared-cache tests start one);
//   - with --varnish, installs Debian's varnish when varnishd is not on PATH (the CDN tests put one in front).
//   - with --fonts, installs Debian's fonttools when pyftsubset is not on PATH (npm run fonts:currency uses it).
import { execSync } from "node:child_process";
import { existsSync, statSync, utimesSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const wantBrowser = process.argv.includes("--browser");
const wantRedis = process.argv.includes("--redis");
const wantVarnish = process.argv.includes("--varnish");
const wantFonts = process.argv.includes("--fonts");

function mtime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

function run(cmd, env = {}) {
  console.log(`[setup] ${cmd}`);
  execSync(cmd, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
}

const installedMarker = path.join(root, "node_modules/.package-lock.json");
const newestManifest = Math.max(mtime(path.join(root, "package.json")), mtime(path.join(root, "package-lock.json")));
if (!existsSync(installedMarker) || mtime(installedMarker) + 1000 < newestManifest) {
  run("npm install --no-audit --no-fund", { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" });
  // npm leaves the marker untouched when nothing changed (e.g. only a script was edited); mark it
  // fresh so the next command does not install again.
  if (existsSync(installedMarker)) utimesSync(installedMarker, new Date(), new Date());
}

/** Installs a Debian package with apt-get (through sudo when not root); stops set-up with `help` on failure. */
function aptInstall(pkg, help) {
  const sudo = process.getuid && process.getuid() !== 0 ? "sudo " : "";
  try {
    run(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq ${pkg}`, { DEBIAN_FRONTEND: "noninteractive" });
  } catch {
    console.error(`[setup] Could not install Debian's ${pkg}; ${help}`);
    process.exit(1);
  }
}

function onPath(command) {
  try {
    execSync(`command -v ${command}`, { stdio: "ignore", shell: "/bin/sh" });
    return true;
  } catch {
    return false;
  }
}

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (wantBrowser && !existsSync(chromium)) aptInstall("chromium", "install it by hand (apt-get install chromium) or set CHROMIUM_PATH.");

// The package also enables a system service; the tests start their own server on a free port and never use it.
if (wantRedis && !onPath("redis-server")) aptInstall("redis-server", "install it by hand (apt-get install redis-server).");

// varnishd lives in /usr/sbin, which a non-root PATH may not hold; the tests start their own on a free port.
if (wantVarnish && !onPath("varnishd") && !existsSync("/usr/sbin/varnishd")) aptInstall("varnish", "install it by hand (apt-get install varnish).");
// Debian's package, not a pip wheel: it brings the brotli module that woff2 output needs.
if (wantFonts && !onPath("pyftsubset")) aptInstall("fonttools", "install it by hand (apt-get install fonttools).");
