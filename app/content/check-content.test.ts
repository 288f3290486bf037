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

  it("names a link to another site whose click the catalogue cannot count (a host with '_'), with the field it is in", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "content-check-links-"));
    cpSync(path.resolve("content/paris-experiences"), path.join(folder, "paris-experiences"), { recursive: true });
    const file = path.join(folder, "paris-experiences/pages/index.en.json");
    const doc = JSON.parse(readFileSync(file, "utf8")) as { body: Array<{ type: string; text?: string }> };
    const at = doc.body.findIndex((block) => block.type === "rich_text");
    doc.body[at]!.text += '\n\nSee {link href=https://evil_host.example/x label="elsewhere"} and {link href=https://www.louvre.fr/en label="the Louvre"}.';
    writeFileSync(file, JSON.stringify(doc));
    const scan = scanContent(folder);
    expect(scan.errors).toEqual([
      {
        file: "paris-experiences/pages/index.en.json",
        uid: "www.paris-experiences.example",
        issues: [
          `body[${at}].text: the link to https://evil_host.example/x cannot be counted: the catalogue refuses its outbound_link_clicked (properties.link_domain: Invalid string: must match pattern /^[a-z0-9.-]+$/)`,
        ],
      },
    ]);
    expect(contentReport(scan, folder).ok).toBe(false);
  });

  it("exits 0 on a clean folder", async () => {
    const { stdout } = await run("npx", ["tsx", "app/content/check-content.ts", "content"]);
    expect(stdout).toMatch(/0 error\(s\)/);
  }, 60_000);
});
