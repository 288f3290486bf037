import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { contentReport, scanContent } from "./check-content";

// `npm run content:check`: the embedded content is clean (this is the check `npm test` runs on it), and a
// broken document fails the command with its file and field named.

const run = promisify(execFile);

describe("content:check", () => {
  it("finds no error in the embedded content/", () => {
    const report = contentReport(scanContent("content"), "content");
    expect(report.lines.slice(0, -1)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.lines.at(-1)).toMatch(/^content: 2 site\(s\), \d+ valid document\(s\), 0 error\(s\)$/);
  });

  it("exits 1 and names the file and field of a bad document", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "content-check-"));
    cpSync(path.resolve("content/paris-experiences"), path.join(folder, "paris-experiences"), { recursive: true });
    mkdirSync(path.join(folder, "paris-experiences/pages/broken"), { recursive: true });
    // A real document with one wrong field.
    const doc = JSON.parse(readFileSync(path.resolve("content/paris-experiences/pages/index.en.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(path.join(folder, "paris-experiences/pages/broken/index.en.json"), JSON.stringify({ ...doc, heading: 42 }));
    const failure = await run("npx", ["tsx", "app/content/check-content.ts", folder]).catch((error: { code: number; stderr: string }) => error);
    expect("code" in failure ? failure.code : 0).toBe(1);
    const stderr = "stderr" in failure ? failure.stderr : "";
    expect(stderr).toContain("paris-experiences/pages/broken/index.en.json");
    expect(stderr).toMatch(/heading: Invalid input: expected string, received number/);
    expect(stderr).toMatch(/1 error\(s\)/);
  }, 60_000);

  it("exits 0 on a clean folder", async () => {
    const { stdout } = await run("npx", ["tsx", "app/content/check-content.ts", "content"]);
    expect(stdout).toMatch(/0 error\(s\)/);
  }, 60_000);
});
