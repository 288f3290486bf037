import { z } from "zod";

// Transition coverage: which transitions of each machine the browser tests took (recorded through the
// inspection bridge, tests/e2e/machine-coverage.ts) and which only the graph-walk unit test took
// (every-transition-is-tracked.test.ts). Ids are machines/transition-id.ts ids. The /machines page,
// the Playwright teardown that writes the file and the report at the end of `npm run test:e2e` all
// count with these functions, so the percentages agree.

/** Written by the browser suite's global teardown (gitignored). */
export const BROWSER_COVERAGE_FILE = "tests/e2e/results/machine-coverage.json";
/** Written by the graph-walk unit test (gitignored). */
export const UNIT_COVERAGE_FILE = "tests/e2e/results/machine-coverage.unit.json";
/** The spec file of the path tests (paths from each machine's graph): its transitions are also listed apart. */
export const PATH_TESTS_SPEC = "machine-paths.spec.ts";

const machineEntry = z.looseObject({
  transitions: z.number().int().nonnegative().optional(),
  percent: z.number().optional(),
  takenIds: z.array(z.string()),
  /** The transitions the path tests took (PATH_TESTS_SPEC); absent in files written before them. */
  pathTakenIds: z.array(z.string()).optional(),
});

export const coverageFileSchema = z.looseObject({
  source: z.enum(["playwright", "vitest"]),
  generatedAt: z.string(),
  /** Browser runs: which spec files ran, so a report on a partial run says so instead of failing. */
  run: z.optional(z.object({ specFiles: z.array(z.string()), allSpecFiles: z.array(z.string()), tests: z.number().int(), complete: z.boolean() })),
  machines: z.record(z.string(), machineEntry),
});
export type CoverageFile = z.infer<typeof coverageFileSchema>;

export type CoverageStatus = "browser" | "unit" | "never";

export interface MachineCoverage {
  total: number;
  /** Transitions some browser test took. */
  browser: number;
  /** Browser-covered share, rounded down: 99.6 % is not 100 %. */
  percent: number;
  status: Record<string, CoverageStatus>;
  never: string[];
  /** The transitions the path tests took, and how many. */
  pathTaken: string[];
  paths: number;
}

export function coveragePercent(taken: number, total: number): number {
  return total === 0 ? 100 : Math.floor((taken * 100) / total);
}

/** One machine's coverage from its transition ids and the ids each suite took (unknown ids are ignored). */
export function machineCoverage(
  transitionIds: readonly string[],
  browserTaken: Iterable<string>,
  unitTaken: Iterable<string>,
  pathTaken: Iterable<string> = [],
): MachineCoverage {
  const browserSet = new Set(browserTaken);
  const unitSet = new Set(unitTaken);
  const status: Record<string, CoverageStatus> = {};
  for (const id of transitionIds) status[id] = browserSet.has(id) ? "browser" : unitSet.has(id) ? "unit" : "never";
  const browser = transitionIds.filter((id) => status[id] === "browser").length;
  const pathSet = new Set(pathTaken);
  const byPaths = transitionIds.filter((id) => pathSet.has(id));
  return {
    total: transitionIds.length,
    browser,
    percent: coveragePercent(browser, transitionIds.length),
    status,
    never: transitionIds.filter((id) => status[id] !== "browser"),
    pathTaken: byPaths,
    paths: byPaths.length,
  };
}

/** Reads a coverage file's text: null when there is none, an Error naming the problem when it is malformed. */
export function parseCoverageFile(text: string | null, name: string): CoverageFile | Error | null {
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return new Error(`${name}: not JSON`);
  }
  const parsed = coverageFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return new Error(`${name}: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`);
}
