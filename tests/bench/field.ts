import { chromium } from "@playwright/test";
import { execSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";
import { chooseControls, type FoundControl } from "./field-controls";
import { discoverControls } from "./field-discovery";
import { fieldMarkdown, fieldTable } from "./field-report";
import { LOST_AFTER_MS, missedTargets, outcomeOf, summarise, TARGETS, type VisitOutcome } from "./field-summary";
import { visit, type VisitPlan } from "./field-visit";
import { BENCH_PAGES } from "./pages";
import { PHONE_CONTEXT, PHONE_CPU_SLOWDOWN, PHONE_NETWORK } from "./phone-profile";
import { writeResultsTable } from "./results-table";
import { startServer } from "./server-process";

// `npm run bench:field`: what a visitor on a phone meets. Builds, starts the production server and,
// in Debian's chromium as a throttled phone, visits each page of BENCH_PAGES many times, each visit
// with ONE tap on ONE control at first paint + 100, 600 or 1500 ms, and reports lost taps, answer
// times, LCP, layout shifts and when page_viewed reached the data layer.
// Results: tests/bench/results/field-latest.json and a table on stdout. Exit code 1 when a target
// (TARGETS in field-summary.ts) is missed.
// FIELD_FLOOR=1 measures the floor instead: the same visits with the app's scripts refused, so only the
// platform answers (popovers, links, the inline catcher). It shows how much of an answer time is the
// browser's own work on the page (parsing, style, layout, fonts) rather than the app's. Results go to
// field-floor.json and docs/benchmarks.md's floor table; the exit code is 0.

/** Tap moments, ms after first paint; FIELD_MOMENTS=100,6000 checks that late taps are answered. */
const MOMENTS_MS = (process.env.FIELD_MOMENTS ?? "100,600,1500").split(",").map(Number);
const VISITS = Math.max(1, Number(process.env.FIELD_VISITS ?? 2));
const PORT = Number(process.env.BENCH_PORT ?? 3450);
const FLOOR = process.env.FIELD_FLOOR === "1";
const RESULTS = FLOOR ? "tests/bench/results/field-floor.json" : "tests/bench/results/field-latest.json";
/** FIELD_PAGES=guide,show measures only those page types (for working on one page). */
const PAGES = BENCH_PAGES.filter((p) => !process.env.FIELD_PAGES || process.env.FIELD_PAGES.split(",").includes(p.type));

function progressLine(n: number, total: number, outcome: VisitOutcome): string {
  const head = `[${String(n).padStart(String(total).length)}/${total}] ${outcome.page.padEnd(10)} ${outcome.control.padEnd(9)} +${outcome.momentMs} ms`;
  if (outcome.error) return `${head}: visit failed: ${outcome.error.split("\n")[0]}`;
  const tap = outcome.tapMs === null ? "no tap seen" : `tapped at +${Math.round(outcome.tapMs)} ms`;
  const answer = outcome.lost ? "LOST" : `answered in ${Math.round(outcome.answerMs!)} ms`;
  return `${head}: ${tap}${outcome.scrolled ? " (scrolled)" : ""}${outcome.onControl ? "" : ` OFF CONTROL (${outcome.missed ?? "?"})`}, ${answer}`;
}

async function main() {
  const started = Date.now();
  if (!process.argv.includes("--no-build")) execSync("npx remix build", { stdio: "inherit" });

  const server = await startServer(PORT, { BENCH_MODE: "1" });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const outcomes: VisitOutcome[] = [];
  const measured: Array<{ page: string; controls: FoundControl[] }> = [];
  try {
    // Warm the server's caches, so the first visit's document is not slower than the rest.
    for (const page of PAGES) for (let i = 0; i < 3; i++) await fetch(`${server.url}${page.path}`);

    for (const page of PAGES) {
      const controls = chooseControls(await discoverControls(browser, `${server.url}${page.path}`));
      measured.push({ page: page.type, controls });
      console.log(`${page.type}: ${controls.map((c) => (c.scrolled ? `${c.name} (scrolled)` : c.name)).join(", ")}`);
    }

    // Rounds outermost, so a noisy minute on the host touches every page a little, not one page a lot.
    const plans: VisitPlan[] = [];
    for (let round = 0; round < VISITS; round++) {
      for (const { page, controls } of measured) {
        const url = `${server.url}${PAGES.find((p) => p.type === page)!.path}`;
        for (const control of controls) for (const momentMs of MOMENTS_MS) plans.push({ pageType: page, url, control, momentMs });
      }
    }
    console.log(`\n${plans.length} visits (${VISITS} per page, control and moment)`);
    for (const [i, plan] of plans.entries()) {
      const result = await visit(browser, plan, { withoutApp: FLOOR });
      const outcome = outcomeOf({
        page: plan.pageType,
        control: plan.control.name,
        scrolled: plan.control.scrolled,
        momentMs: plan.momentMs,
        record: result.record,
        error: result.error,
      });
      outcomes.push(outcome);
      console.log(progressLine(i + 1, plans.length, outcome));
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const pages = measured.map(({ page }) =>
    summarise(
      page,
      outcomes.filter((o) => o.page === page),
    ),
  );
  const all = summarise("all pages", outcomes);
  const failures = [...pages, all].flatMap((s) => missedTargets(s));
  const minutes = (Date.now() - started) / 60_000;

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    machine: { cpus: cpus().length },
    settings: {
      phone: PHONE_CONTEXT,
      network: PHONE_NETWORK,
      cpuSlowdown: PHONE_CPU_SLOWDOWN,
      withoutApp: FLOOR,
      momentsMs: MOMENTS_MS,
      visitsPerPageControlMoment: VISITS,
      lostAfterMs: LOST_AFTER_MS,
      targets: TARGETS,
    },
    runMinutes: Number(minutes.toFixed(1)),
    controls: measured.map(({ page, controls }) => ({
      page,
      controls: controls.map(({ name, selector, index, scrolled }) => ({ name, selector, index, scrolled })),
    })),
    pages,
    all,
    visits: outcomes,
    failures,
  };
  mkdirSync("tests/bench/results", { recursive: true });
  writeFileSync(`${RESULTS}.tmp`, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(`${RESULTS}.tmp`, RESULTS);

  console.log(
    `\nField benchmark${FLOOR ? " FLOOR (the app's scripts refused)" : ""}: ${PHONE_CONTEXT.viewport!.width}×${PHONE_CONTEXT.viewport!.height} phone, ${PHONE_CPU_SLOWDOWN}× CPU, 1.6 Mbps down / 150 ms; ONE tap per visit; ${VISITS} visits per page, control and moment\n`,
  );
  console.log(fieldTable(pages, all));
  console.log(failures.length ? `\nMissed targets:\n  ${failures.join("\n  ")}` : "\nAll targets met.");
  console.log(`Results written to ${RESULTS} (run took ${minutes.toFixed(1)} min)`);
  // Only a run of the whole plan speaks for the product; a narrowed one (FIELD_PAGES, FIELD_MOMENTS) does not.
  if (!process.env.FIELD_PAGES && !process.env.FIELD_MOMENTS) {
    const controls = [...new Set(outcomes.map((o) => o.control))];
    const byControl = controls.map((control) =>
      summarise(
        `all pages: ${control}`,
        outcomes.filter((o) => o.control === control),
      ),
    );
    // The misses named here, as in npm run bench's tables: the JSON results are not tracked.
    const verdict = failures.length ? `Missed: ${failures.join("; ")}.` : "Every target met.";
    const host = `host load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores at the end`;
    const command = FLOOR ? "FIELD_FLOOR=1 npm run bench:field" : "npm run bench:field";
    const what = FLOOR ? " The same visits with the app's scripts refused: what the browser alone needs to answer." : "";
    const heading =
      `Latest \`${command}\` (${results.date.slice(0, 10)}; ${VISITS} visit(s) per page, control and moment at first paint + ${MOMENTS_MS.join(", ")} ms; ${outcomes.length} taps; ${host}).${what} ${FLOOR ? "" : verdict}`.trimEnd();
    writeResultsTable(FLOOR ? "field-floor" : "field", fieldMarkdown(pages, byControl, all, heading));
  }
  process.exit(failures.length && !FLOOR ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
