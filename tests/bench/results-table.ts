import { readFileSync, writeFileSync } from "node:fs";

// Each benchmark rewrites its own table in docs/benchmarks.md, between `<!-- bench:NAME:start -->` and
// `<!-- bench:NAME:end -->`, so that page always shows the latest run and nobody copies numbers by hand.

export function replaceBetweenMarkers(readme: string, name: string, body: string): string {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the results page has no ${start} … ${end} section`);
  return `${readme.slice(0, from + start.length)}\n${body.trim()}\n${readme.slice(to)}`;
}

/** A markdown table from a header row and data rows. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

export function writeResultsTable(name: string, body: string, path = "docs/benchmarks.md"): void {
  writeFileSync(path, replaceBetweenMarkers(readFileSync(path, "utf8"), name, body));
}
