import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { relativeStack } from "./logger.server";

// Every line the server process prints is one JSON object (docs/operations.md#logs, decision 044), and an
// error of ours keeps its stack with paths relative to the repository.

const run = promisify(execFile);
const root = path.resolve(".");

describe("relativeStack", () => {
  it("writes the repository's files and any node_modules folder relative, wherever they are", () => {
    const stack = [
      'TrackingViolationError: Invalid tracking event "outbound_link_clicked"',
      `    at file://${root}/build/index.js:3786:11`,
      `    at describedItems (${root}/tracking/described-events.ts:44:12)`,
      "    at Fb (/work/main/node_modules/react-dom/cjs/react-dom-server-legacy.node.production.min.js:65:44)",
      "    at async Promise.all (index 0)",
    ].join("\n");
    expect(relativeStack(stack)).toBe(
      [
        'TrackingViolationError: Invalid tracking event "outbound_link_clicked"',
        "    at build/index.js:3786:11",
        "    at describedItems (tracking/described-events.ts:44:12)",
        "    at Fb (node_modules/react-dom/cjs/react-dom-server-legacy.node.production.min.js:65:44)",
        "    at async Promise.all (index 0)",
      ].join("\n"),
    );
  });
});

describe("routeProcessOutput", () => {
  it("turns console output, Node's warnings and an uncaught exception into JSON lines, then exits 1", async () => {
    // A process of its own: the routing replaces this process's console and warning printer for good.
    const script = [
      `import { routeProcessOutput } from ${JSON.stringify(path.join(root, "app/server/logger.server.ts"))};`,
      "routeProcessOutput();",
      'console.warn("Pathnames cannot have embedded double slashes - normalizing", { at: 1 });',
      'console.error(new TypeError("a fault of ours"));',
      'console.log("plain", 42);',
      'process.emitWarning("an old API", "DeprecationWarning", "DEP0999");',
      'setTimeout(() => { throw new Error("nobody caught this"); }, 50);',
    ].join("\n");
    const failure = await run("npx", ["tsx", "--input-type=module", "-e", script], { cwd: root }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect("code" in failure ? failure.code : 0).toBe(1);
    const output = `${failure.stdout}${failure.stderr}`.split("\n").filter((line) => line.trim() !== "");
    const lines = output.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      ["warn", "Pathnames cannot have embedded double slashes - normalizing { at: 1 }"],
      ["error", "TypeError: a fault of ours"],
      ["info", "plain 42"],
      ["warn", "an old API"],
      ["fatal", "uncaught exception: nobody caught this"],
    ]);
    expect(lines[1]).toMatchObject({ source: "console", err: { type: "TypeError", message: "a fault of ours" } });
    expect(lines[3]).toMatchObject({ source: "process", warning: "DeprecationWarning", code: "DEP0999" });
    const stack = (lines[4]!.err as { stack: string }).stack;
    expect(stack).toMatch(/^Error: nobody caught this\n\s+at /);
    expect(stack).not.toContain(root);
  }, 60_000);
});
