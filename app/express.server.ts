import { createRequestHandler } from "@remix-run/express";
import * as build from "@remix-run/dev/server-build";
import compression from "compression";
import express from "express";
import path from "node:path";
import { getEnv } from "~/env.server";
import { setSandboxHosts } from "~/prices/api-runtime.server";
import { badRequestHtml, checkRequestTarget } from "~/server/request-guard.server";
import { startSandbox } from "../sandbox/server";
import { makeNonce, securityHeaders } from "~/server/security-headers.server";

// The storefront's HTTP server: static assets, security headers, then Remix.
// Environment is validated first, so a bad setting stops start-up with a message naming it.

let env: ReturnType<typeof getEnv>;
try {
  env = getEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", false);
// Unroutable request targets are refused first, before static files or Remix try to decode them.
app.use((req, res, next) => {
  const verdict = checkRequestTarget(req.originalUrl);
  if (verdict.ok) return next();
  res.status(verdict.status).type("html").setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  return res.send(badRequestHtml(verdict.reason));
});
app.use(compression());

const publicDir = path.resolve(process.cwd(), "public");
// Fingerprinted build output can be cached for ever; other public files for an hour.
app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y", index: false }));
app.use(express.static(publicDir, { maxAge: "1h", index: false }));

const remixHandler = createRequestHandler({
  build,
  mode: build.mode,
  getLoadContext: (_req, res) => ({ nonce: res.locals.nonce as string }),
});

app.all("*", (req, res, next) => {
  const nonce = makeNonce();
  res.locals.nonce = nonce;
  for (const [name, value] of Object.entries(securityHeaders(nonce))) res.setHeader(name, value);
  return remixHandler(req, res, next);
});

// The embedded default (ARCHITECTURE): with no API host configured, the sandbox catalogue API runs in
// this process on loopback, on free ports, so parallel servers never collide.
const sandbox = env.API_BASE_URL ? null : await startSandbox({ host: "127.0.0.1", port: 0, defaultFault: env.SANDBOX_FAULT });
if (sandbox) {
  setSandboxHosts({ baseUrl: sandbox.baseUrl, secondaryUrl: sandbox.secondaryUrl });
  console.log(`Sandbox catalogue API on ${sandbox.baseUrl} and ${sandbox.secondaryUrl}${env.SANDBOX_FAULT ? ` (fault: ${env.SANDBOX_FAULT})` : ""}`);
}

const server = app.listen(env.PORT, env.HOST, () => {
  console.log(`Storefront ready on http://localhost:${env.PORT} (URL mode: ${env.URL_MODE})`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close(() => void (sandbox ? sandbox.close() : Promise.resolve()).then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
