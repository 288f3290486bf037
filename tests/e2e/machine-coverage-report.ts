import { readFileSync } from "node:fs";
import { ALL_MACHINES } from "../../machines/catalogue-of-machines";
import { machineTransitions } from "../../machines/machine-graph";
import { BROWSER_COVERAGE_FILE, machineCoverage, parseCoverageFile } from "../../machines/transition-coverage";

// Runs at the end of `npm run test:e2e`: lists every machine transition no browser test took, from
// the coverage file the suite's teardown wrote. Machines in HELD_AT_FULL_COVERAGE reached 100 % and
// must stay there: an untaken transition of theirs fails the run; the others are a warning until
// they get there too (then add them). A run of only some spec files is reported, not judged.

/** Machines whose every transition some browser test takes; a transition of theirs left untaken is an error. */
const HELD_AT_FULL_COVERAGE: readonly string[] = [
  "header",
  "disclosure",
  "modalStack",
  "toasts",
  "tooltip",
  "video",
  "viewport",
  "download",
  "imageFallback",
  "jumpLink",
  "popup",
  "consentBanner",
];

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

const file = parseCoverageFile(readText(BROWSER_COVERAGE_FILE), BROWSER_COVERAGE_FILE);
if (file === null) {
  console.warn(`Machine transition coverage: no ${BROWSER_COVERAGE_FILE}; run the browser tests first (npm run test:e2e).`);
  process.exit(0);
}
if (file instanceof Error) {
  console.error(`Machine transition coverage: ${file.message}`);
  process.exit(1);
}

const complete = file.run?.complete ?? false;
const errors: string[] = [];
const below: string[] = [];
const totals = { transitions: 0, browser: 0, paths: 0 };
console.log(`Machine transition coverage by the browser tests (${BROWSER_COVERAGE_FILE}, ${file.generatedAt}):`);
for (const { machine } of ALL_MACHINES) {
  const transitions = machineTransitions(machine);
  const coverage = machineCoverage(
    transitions.map((t) => t.key),
    file.machines[machine.id]?.takenIds ?? [],
    [],
    file.machines[machine.id]?.pathTakenIds ?? [],
  );
  console.log(
    `  ${machine.id.padEnd(16)} ${String(coverage.percent).padStart(3)}%  ${coverage.browser} of ${coverage.total}  (path tests: ${coverage.paths} of ${coverage.total})`,
  );
  totals.transitions += coverage.total;
  totals.browser += coverage.browser;
  totals.paths += coverage.paths;
  const held = HELD_AT_FULL_COVERAGE.includes(machine.id);
  if (coverage.percent < 100) below.push(machine.id);
  for (const t of transitions.filter((t) => coverage.status[t.key] !== "browser")) {
    const line = `${t.key}  (${t.targets.length ? `to ${t.targets.join(", ")}` : "stays"}${t.guard ? `, when ${t.guard}` : ""}, emits ${t.emits ?? "nothing"})`;
    console.log(`      never taken by a browser test: ${line}`);
    if (held) errors.push(line);
  }
  if (!held && coverage.percent === 100 && complete)
    console.log(`      every transition taken: add "${machine.id}" to HELD_AT_FULL_COVERAGE in tests/e2e/machine-coverage-report.ts`);
}
console.log(
  `  all machines: ${totals.browser} of ${totals.transitions} transitions taken by browser tests (path tests: ${totals.paths} of ${totals.transitions})`,
);

if (!complete) {
  const run = file.run;
  console.warn(
    run
      ? `A partial run (${run.specFiles.length} of ${run.allSpecFiles.length} spec files: ${run.specFiles.join(", ")}): untaken transitions are listed, not checked.`
      : "The coverage file does not say which spec files ran: untaken transitions are listed, not checked.",
  );
  process.exit(0);
}
if (errors.length) {
  console.error(`${errors.length} transition(s) of machines held at full coverage were taken by no browser test (see above).`);
  process.exit(1);
}
if (below.length) console.warn(`Warning: transitions no browser test takes in ${below.join(", ")} (listed above).`);
