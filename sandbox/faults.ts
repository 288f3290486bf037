// Fault injection for the sandbox API, so tests, benchmarks and soak runs can exercise every failure
//. A fault spec is a comma list, e.g. `latency=200,error=0.2,malformed=0.1`:
//   latency=<ms>     wait this long before answering (every request)
//   error=<p>        answer 500 with probability p
//   timeout=<p>      never answer (until the client gives up) with probability p
//   slow=<p>         answer correctly but slowMs late, with probability p (soak: "10% slow responses")
//   slowMs=<ms>      how late a slow answer is (default 1500, past the 800 ms price budget)
//   malformed=<p>    answer 200 with a body that is not JSON, with probability p
//   shape=<p>        answer 200 with JSON of the wrong shape, with probability p
// It comes from the `x-sandbox-fault` header or the `__fault` query parameter of one request, else the
// process-wide default (SANDBOX_FAULT in the environment, or POST /__sandbox/fault).

export interface FaultSpec {
  latencyMs: number;
  error: number;
  timeout: number;
  malformed: number;
  shape: number;
  slow: number;
  slowMs: number;
}

const NO_FAULT: FaultSpec = Object.freeze({ latencyMs: 0, error: 0, timeout: 0, malformed: 0, shape: 0, slow: 0, slowMs: 1500 });

const KEYS: Record<string, keyof FaultSpec> = {
  latency: "latencyMs",
  error: "error",
  timeout: "timeout",
  malformed: "malformed",
  shape: "shape",
  slow: "slow",
  slowMs: "slowMs",
};

/** Parses a fault spec; throws an Error naming the bad part so a mistyped soak setting is loud. */
export function parseFaultSpec(text: string | null | undefined): FaultSpec {
  const spec: FaultSpec = { ...NO_FAULT };
  if (!text || !text.trim()) return spec;
  for (const part of text.split(",")) {
    const [rawKey, rawValue] = part.split("=").map((s) => s.trim());
    const key = KEYS[rawKey ?? ""];
    const value = Number(rawValue);
    if (!key || rawValue === undefined || rawValue === "" || !Number.isFinite(value) || value < 0) {
      throw new Error(`Bad sandbox fault "${part.trim()}": expected latency=<ms>, slowMs=<ms> or error|timeout|malformed|shape|slow=<0..1>`);
    }
    if (key !== "latencyMs" && key !== "slowMs" && value > 1) throw new Error(`Bad sandbox fault "${part.trim()}": a probability is between 0 and 1`);
    spec[key] = value;
  }
  return spec;
}

export type FaultOutcome = "ok" | "error" | "timeout" | "malformed" | "shape";

/** Extra delay for this request: the fixed latency, plus slowMs for the share of requests that are slow. */
export function decideDelayMs(spec: FaultSpec, random: () => number = Math.random): number {
  return spec.latencyMs + (spec.slow > 0 && random() < spec.slow ? spec.slowMs : 0);
}

/** Picks this request's outcome. Probabilities are checked in a fixed order with one random draw each. */
export function decideOutcome(spec: FaultSpec, random: () => number = Math.random): FaultOutcome {
  if (spec.timeout > 0 && random() < spec.timeout) return "timeout";
  if (spec.error > 0 && random() < spec.error) return "error";
  if (spec.malformed > 0 && random() < spec.malformed) return "malformed";
  if (spec.shape > 0 && random() < spec.shape) return "shape";
  return "ok";
}
