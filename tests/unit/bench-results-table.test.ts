import { describe, expect, it } from "vitest";
import { markdownTable, replaceBetweenMarkers } from "../bench/results-table";

describe("the benchmarks' results tables", () => {
  const readme = "# Title\n\n<!-- bench:field:start -->\nold\n<!-- bench:field:end -->\n\nafter\n";

  it("replaces only what lies between its own markers", () => {
    expect(replaceBetweenMarkers(readme, "field", "new table")).toBe("# Title\n\n<!-- bench:field:start -->\nnew table\n<!-- bench:field:end -->\n\nafter\n");
  });

  it("fails loudly when the results page has no section for the bench", () => {
    expect(() => replaceBetweenMarkers(readme, "lighthouse", "x")).toThrow("<!-- bench:lighthouse:start -->");
  });

  it("writes a markdown table", () => {
    expect(markdownTable(["a", "b"], [["1", "2"]])).toBe("| a | b |\n| --- | --- |\n| 1 | 2 |");
  });
});
