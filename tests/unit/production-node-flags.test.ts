import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PRODUCTION_NODE_FLAGS } from "../bench/server-process";

// The benchmarks and the soak start the server with npm start's Node flags: a heap cap changes memory
// and page time, so a bench without it would measure another program (decision 020). bench:scale alone leaves
// the heap flag out on purpose: its RSS target is stated without one (decision 031).
describe("production Node flags", () => {
  it("npm start runs the server with the flags the benchmarks use", () => {
    const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.start ?? "";
    expect(start).toContain(`node ${PRODUCTION_NODE_FLAGS.join(" ")} build/index.js`);
  });
});
