import { readFile } from "node:fs/promises";
import path from "node:path";
import { ALL_MACHINES } from "../../machines/catalogue-of-machines";
import { BROWSER_COVERAGE_FILE, machineCoverage, parseCoverageFile, UNIT_COVERAGE_FILE, type MachineCoverage } from "../../machines/transition-coverage";
import type { CoverageView, MachineChart } from "./chart-model";
import { requirementSections, type RequirementSection } from "./requirement-sections";
import { layoutChart, loadElk } from "./statechart-layout.server";

// What /machines shows: every machine of the catalogue laid out once per server process (the
// definitions do not change while it runs), and with ?coverage the transition coverage files the
// test suites last wrote, read on every request so a fresh test run shows without a restart.

let charts: Promise<MachineChart[]> | null = null;

export function machineCharts(): Promise<MachineChart[]> {
  charts ??= loadElk()
    .then((layout) =>
      Promise.all(ALL_MACHINES.map(async ({ machine, behaviour, requirements }) => ({ behaviour, requirements, chart: await layoutChart(machine, layout) }))),
    )
    .catch((error: unknown) => {
      charts = null;
      throw error;
    });
  return charts;
}

/** The sections of docs/requirements.md the machines implement, read on each request (the page links to them). */
export async function citedRequirements(): Promise<RequirementSection[]> {
  const cited = new Set<string>(ALL_MACHINES.flatMap((m) => m.requirements));
  return requirementSections((await readText("docs/requirements.md")) ?? "").filter((section) => cited.has(section.anchor));
}

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(path.resolve(process.cwd(), file), "utf8");
  } catch {
    return null;
  }
}

export async function readCoverage(all: MachineChart[]): Promise<CoverageView> {
  const [browserText, unitText] = await Promise.all([readText(BROWSER_COVERAGE_FILE), readText(UNIT_COVERAGE_FILE)]);
  const browser = parseCoverageFile(browserText, BROWSER_COVERAGE_FILE);
  const unit = parseCoverageFile(unitText, UNIT_COVERAGE_FILE);
  const problems = [browser, unit].filter((f): f is Error => f instanceof Error).map((e) => e.message);
  const browserFile = browser instanceof Error ? null : browser;
  const unitFile = unit instanceof Error ? null : unit;
  const machines: Record<string, MachineCoverage> = {};
  for (const { chart } of all) {
    machines[chart.machineId] = machineCoverage(
      chart.transitions.map((t) => t.id),
      browserFile?.machines[chart.machineId]?.takenIds ?? [],
      unitFile?.machines[chart.machineId]?.takenIds ?? [],
      browserFile?.machines[chart.machineId]?.pathTakenIds ?? [],
    );
  }
  return {
    browser: browserFile ? { generatedAt: browserFile.generatedAt, run: browserFile.run ?? null } : null,
    unit: unitFile ? { generatedAt: unitFile.generatedAt } : null,
    problems,
    machines,
  };
}
