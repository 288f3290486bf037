import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as build from "@remix-run/dev/server-build";
import { getEnv, type Env } from "~/env.server";
import { createServer, type CreateServerOptions, type Storefront } from "~/edge/create-server.server";
import { log, routeProcessOutput } from "~/server/logger.server";

// The server build's entry (remix.config.js `server`): `node build/index.js` reads the environment,
// creates the storefront (app/edge/create-server.server.ts), listens and handles signals. A bad
// setting or content folder stops start-up with one line naming it. Imported instead of run (a test),
// it only exports `createStorefront`, bound to this build.

export { parseEnv } from "~/env.server";

export function createStorefront(env: Env, options: Omit<CreateServerOptions, "build"> = {}): Storefront {
  return createServer(env, { build, ...options });
}

async function main() {
  // From here on, every line the process prints is one JSON object (docs/operations.md#logs).
  routeProcessOutput();
  try {
    const storefront = createStorefront(getEnv());
    await storefront.listen();
    storefront.handleSignals();
  } catch (error) {
    log.fatal((error as Error).message);
    process.exit(1);
  }
}

const isEntry = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) await main();
