import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler, type Response } from "express";
import { compileHintedScripts } from "~/edge/compile-hinted-scripts.server";
import { staticFileHeaders } from "~/server/security-headers.server";

// Static files by URL prefix: public/'s top level is listed once at start-up, and only a request whose
// path is one of its files or lies under one of its folders reaches the static handler; a page request
// never touches the disk here (decision 027). Fingerprinted build output is cached for ever, other public
// files for an hour; scripts carry V8's compile hint and are compressed once (compile-hinted-scripts.server.ts);
// every static file is sent with nosniff and a sandboxing CSP (security-headers.server.ts).

export interface StaticFiles {
  /** "/build/", "/fonts/", "/favicon.png", …: what public/ held at start-up. */
  prefixes: readonly string[];
  handler: RequestHandler;
}

export function staticFiles(publicDir: string): StaticFiles {
  const files = new Set<string>();
  const folders: string[] = [];
  for (const entry of readdirSync(publicDir, { withFileTypes: true })) {
    const isFolder = entry.isSymbolicLink() ? statSync(path.join(publicDir, entry.name)).isDirectory() : entry.isDirectory();
    if (isFolder) folders.push(`/${entry.name}/`);
    else files.add(`/${entry.name}`);
  }
  // "/fonts" itself counts as the folder (no redirect, a 404), "/fontsx" does not.
  const isStatic = (urlPath: string) => files.has(urlPath) || folders.some((folder) => urlPath.startsWith(folder) || urlPath === folder.slice(0, -1));

  const setHeaders = (res: Response) => {
    for (const [name, value] of Object.entries(staticFileHeaders())) res.setHeader(name, value);
  };
  const buildDir = path.join(publicDir, "build");
  const serve = express.Router();
  serve.use("/build", compileHintedScripts(buildDir, setHeaders));
  serve.use("/build", express.static(buildDir, { immutable: true, maxAge: "1y", index: false, redirect: false, setHeaders }));
  serve.use(express.static(publicDir, { maxAge: "1h", index: false, redirect: false, setHeaders }));
  // A missing file under a static prefix is a plain 404, never a rendered page: nothing of Remix's lives
  // there, and a shared cache may keep the answer briefly, as it keeps a missing page's.
  serve.use((_req, res) => {
    setHeaders(res);
    res.status(404).setHeader("Cache-Control", "public, max-age=0, s-maxage=5");
    res.type("text/plain").send("Not found\n");
  });

  return {
    prefixes: [...folders, ...files].sort(),
    handler: (req, res, next) => (isStatic(req.path) ? serve(req, res, next) : next()),
  };
}
