import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// Another commit, checked out and built beside this checkout, for the benches that compare two builds in one
// sitting (npm run bench:ab, npm run bench:navigation -- --against): on this host a build's figures drift from hour
// to hour, so two builds measured one after the other mislead; served side by side, drift falls on both alike.

/** A new, empty folder for another commit's worktree. */
export const worktreeDir = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));

/** Checks out and builds `gitRef` in `dir` (a git worktree), with this checkout's packages. */
export function buildWorktree(gitRef: string, dir: string): void {
  execFileSync("git", ["worktree", "add", "--detach", dir, gitRef], { stdio: "inherit" });
  // The other commit builds with this checkout's packages (a lockfile change would make the comparison unfair).
  symlinkSync(join(resolve("."), "node_modules"), join(dir, "node_modules"), "dir");
  execFileSync("npx", ["remix", "build"], { cwd: dir, stdio: "inherit" });
}

/** Removes the folder, which may hold no worktree yet (a bad ref), and lets git forget what is gone. */
export function removeWorktree(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  execFileSync("git", ["worktree", "prune"]);
}
