import { describe, expect, it } from "vitest";
import { coveragePercent, machineCoverage, parseCoverageFile } from "./transition-coverage";

describe("machineCoverage", () => {
  const ids = ["m.a|GO|0", "m.a|GO|1", "m.b|BACK|0"];

  it("marks each transition by the best suite that took it", () => {
    const coverage = machineCoverage(ids, ["m.a|GO|0"], ["m.a|GO|0", "m.b|BACK|0"]);
    expect(coverage.status).toEqual({ "m.a|GO|0": "browser", "m.a|GO|1": "never", "m.b|BACK|0": "unit" });
    expect(coverage.never).toEqual(["m.a|GO|1", "m.b|BACK|0"]);
    expect([coverage.browser, coverage.total, coverage.percent]).toEqual([1, 3, 33]);
  });

  it("lists the transitions the path tests took apart", () => {
    const coverage = machineCoverage(ids, ids, [], ["m.b|BACK|0", "m.gone|GO|0"]);
    expect([coverage.pathTaken, coverage.paths]).toEqual([["m.b|BACK|0"], 1]);
  });

  it("ignores ids the definition no longer has (a renamed state)", () => {
    expect(machineCoverage(ids, ["m.gone|GO|0", ...ids], []).percent).toBe(100);
  });

  it("rounds down, so only every transition taken is 100 %", () => {
    expect(coveragePercent(2, 3)).toBe(66);
    expect(coveragePercent(199, 200)).toBe(99);
    expect(coveragePercent(0, 0)).toBe(100);
  });
});

describe("parseCoverageFile", () => {
  it("is null when there is no file, and names the field of a malformed one", () => {
    expect(parseCoverageFile(null, "f.json")).toBeNull();
    expect(parseCoverageFile("{", "f.json")).toEqual(new Error("f.json: not JSON"));
    const bad = parseCoverageFile(JSON.stringify({ source: "vitest", generatedAt: "x", machines: { header: { takenIds: "all" } } }), "f.json");
    expect(bad).toBeInstanceOf(Error);
    expect((bad as Error).message).toMatch(/^f\.json: machines\.header\.takenIds: /);
  });

  it("reads a browser run with the spec files it ran", () => {
    const file = parseCoverageFile(
      JSON.stringify({
        source: "playwright",
        generatedAt: "2026-01-01T00:00:00.000Z",
        run: { specFiles: ["a.spec.ts"], allSpecFiles: ["a.spec.ts", "b.spec.ts"], tests: 3, complete: false },
        machines: { header: { takenIds: ["header|STICKY_CHANGED|0"], percent: 10 } },
      }),
      "f.json",
    );
    expect(file).not.toBeInstanceOf(Error);
    expect(file && !(file instanceof Error) ? file.run?.complete : null).toBe(false);
  });
});
