import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, TestInfo } from "@playwright/test";
import { ALL_MACHINES } from "../../machines/catalogue-of-machines";
import { machineTransitions } from "../../machines/machine-graph";
import { BROWSER_COVERAGE_FILE, machineCoverage, PATH_TESTS_SPEC, type CoverageFile } from "../../machines/transition-coverage";
import { machineOfTransitionId } from "../../machines/transition-id";

// Transition coverage of the browser suite. Every test's browser context listens on the inspection
// bridge's BroadcastChannel (the development URL mode the suite runs in posts each microstep's
// transition ids there) and hands the ids to the test through a binding; each test writes what it
// took to a part file, and the global teardown merges the parts into BROWSER_COVERAGE_FILE.

const PARTS = path.join(path.dirname(BROWSER_COVERAGE_FILE), "machine-coverage-parts");
const BINDING = "__recordMachineTransitions";

interface Part {
  file: string;
  title: string;
  takenIds: string[];
}

/**
 * Starts recording in a context; the returned function writes what it took since the last call to a part
 * file of the test. A context that outlives one test (the path tests share a page across a machine's
 * paths) names its parts, so they sit beside the part of the test's own context.
 */
export async function recordMachineTransitions(context: BrowserContext, name = ""): Promise<(testInfo: TestInfo) => Promise<void>> {
  const taken = new Set<string>();
  await context.exposeBinding(BINDING, (_source, ids: unknown) => {
    if (Array.isArray(ids)) for (const id of ids) if (typeof id === "string") taken.add(id);
  });
  await context.addInitScript(
    ([channelName, binding]) => {
      if (typeof BroadcastChannel === "undefined") return;
      const record = (window as unknown as Record<string, (ids: string[]) => void>)[binding];
      new BroadcastChannel(channelName).onmessage = (message: MessageEvent<{ kind?: string; transitions?: string[] }>) => {
        if (message.data?.kind === "transitions" && Array.isArray(message.data.transitions)) void record?.(message.data.transitions);
      };
    },
    ["storefront-machines", BINDING] as const,
  );
  return async (testInfo) => {
    // A round trip to each open page lets bindings the page already called arrive first.
    await Promise.all(context.pages().map((page) => page.evaluate(() => 0).catch(() => 0)));
    const part: Part = { file: path.basename(testInfo.file), title: testInfo.titlePath.join(" › "), takenIds: [...taken].sort() };
    taken.clear();
    mkdirSync(PARTS, { recursive: true });
    writeFileSync(path.join(PARTS, `${testInfo.testId}-${testInfo.retry}${name ? `-${name}` : ""}.json`), JSON.stringify(part));
  };
}

/** Global setup: a run starts with no parts. */
export function clearCoverageParts(): void {
  rmSync(PARTS, { recursive: true, force: true });
}

/** A spec file's source takes its `test` from ./fixtures, whose context records transitions. */
function recordsTransitions(source: string): boolean {
  return /^import \{[^}]*\btest\b[^}]*\} from "\.\/fixtures";$/m.test(source);
}

/** Global teardown: merges the parts into the coverage file, saying which spec files ran. */
export function writeBrowserCoverage(specDirectory: string): CoverageFile | null {
  let names: string[] = [];
  try {
    names = readdirSync(PARTS).filter((name) => name.endsWith(".json"));
  } catch {
    return null;
  }
  if (names.length === 0) return null;
  const parts = names.map((name) => JSON.parse(readFileSync(path.join(PARTS, name), "utf8")) as Part);
  const byMachine = (ids: string[]) => {
    const taken = new Map<string, Set<string>>();
    for (const id of ids) {
      const machine = machineOfTransitionId(id);
      taken.set(machine, (taken.get(machine) ?? new Set()).add(id));
    }
    return taken;
  };
  const taken = byMachine(parts.flatMap((p) => p.takenIds));
  const byPaths = byMachine(parts.filter((p) => p.file === PATH_TESTS_SPEC).flatMap((p) => p.takenIds));
  const specFiles = [...new Set(parts.map((p) => p.file))].sort();
  // The spec files that drive a browser through these fixtures; the HTTP-only ones (the CDN contract,
  // content edits, the shared cache) use Playwright's own `test` and have no transitions to record.
  const allSpecFiles = readdirSync(specDirectory)
    .filter((name) => name.endsWith(".spec.ts") && recordsTransitions(readFileSync(path.join(specDirectory, name), "utf8")))
    .sort();
  const machines: CoverageFile["machines"] = {};
  for (const { machine } of ALL_MACHINES) {
    const ids = machineTransitions(machine).map((t) => t.key);
    const coverage = machineCoverage(ids, taken.get(machine.id) ?? [], [], byPaths.get(machine.id) ?? []);
    machines[machine.id] = {
      transitions: coverage.total,
      taken: coverage.browser,
      percent: coverage.percent,
      takenIds: ids.filter((id) => coverage.status[id] === "browser"),
      neverTaken: coverage.never,
      pathTakenIds: coverage.pathTaken,
    };
  }
  const file: CoverageFile = {
    source: "playwright",
    generatedAt: new Date().toISOString(),
    run: {
      specFiles,
      allSpecFiles,
      tests: new Set(parts.map((p) => `${p.file} › ${p.title}`)).size,
      complete: allSpecFiles.every((name) => specFiles.includes(name)),
    },
    machines,
  };
  mkdirSync(path.dirname(BROWSER_COVERAGE_FILE), { recursive: true });
  writeFileSync(BROWSER_COVERAGE_FILE, `${JSON.stringify(file, null, 2)}\n`);
  return file;
}
