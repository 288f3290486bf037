import path from "node:path";

// The replay engine (replay.ts) as one browser module, bundled by esbuild on the development server when
// /machines first asks for it (docs/decisions/048-paths-from-the-graph-and-replay.md). It runs the machines
// themselves, with xstate and parts of tracking/: in the app's own client build, one more route reaching those
// modules would re-split the storefront pages' shared chunks (more initial JavaScript, a tracking chunk the
// page does not name up front). Bundled apart, it changes nothing of theirs.

const ENTRY = "app/inspector/replay.ts";

let bundle: Promise<string> | null = null;

export function replayBundle(): Promise<string> {
  bundle ??= import("esbuild")
    .then(({ build }) =>
      build({
        entryPoints: [path.resolve(process.cwd(), ENTRY)],
        bundle: true,
        format: "esm",
        platform: "browser",
        target: "es2022",
        minify: true,
        write: false,
        logLevel: "silent",
      }),
    )
    .then((result) => result.outputFiles[0]!.text)
    .catch((error: unknown) => {
      bundle = null;
      throw error;
    });
  return bundle;
}
