import { startSandbox } from "./server";

// `npm run sandbox`: the catalogue API on its own. PORT (default 4100) is the base host,
// SANDBOX_SECONDARY_PORT (default PORT + 1) the second host; SANDBOX_FAULT sets a default fault.

const port = Number(process.env.PORT ?? 4100);
const secondaryPort = Number(process.env.SANDBOX_SECONDARY_PORT ?? port + 1);
const host = process.env.HOST ?? "127.0.0.1";

startSandbox({ host, port, secondaryPort, defaultFault: process.env.SANDBOX_FAULT })
  .then((sandbox) => {
    console.log(`Sandbox catalogue API: base ${sandbox.baseUrl}, second host ${sandbox.secondaryUrl}`);
    console.log(`Point the storefront at it: API_BASE_URL=${sandbox.baseUrl} API_SECONDARY_URL=${sandbox.secondaryUrl}`);
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void sandbox.close().then(() => process.exit(0)));
  })
  .catch((error: Error) => {
    console.error(`Sandbox failed to start: ${error.message}`);
    process.exit(1);
  });
