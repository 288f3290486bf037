import { parseFaultSpec, type FaultSpec } from "../sandbox/faults";
import { startSandbox, type Sandbox } from "../sandbox/server";

// The one door between the storefront and the sandbox catalogue API (README,
// "Two commands"). The edge's createServer (edge/create-server.server.ts) imports it dynamically, and only when API_BASE_URL is unset, so a
// production configuration never evaluates the sandbox's code. The lint rule
// productionNeverLoadsTheSandbox names this file as its only exception.

/** SANDBOX_FAULT read with the sandbox's own parser, so a fault the sandbox knows is never refused. */
export function sandboxFault(value: string | undefined): FaultSpec | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  try {
    return parseFaultSpec(value);
  } catch (error) {
    throw new Error(`Invalid environment configuration:\n  SANDBOX_FAULT: must be a fault list like latency=200,error=0.2 (${(error as Error).message})`);
  }
}

/** The sandbox on loopback, on free ports, so parallel servers never collide. */
export function startEmbeddedSandbox(fault: string | undefined): Promise<Sandbox> {
  return startSandbox({ host: "127.0.0.1", port: 0, defaultFault: sandboxFault(fault) });
}
