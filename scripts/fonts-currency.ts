import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CURRENCY } from "../app/styles/font-faces.server";

// Rebuilds public/fonts/inter-currency-wght-normal.woff2, the currency list's own face: the code points of
// CURRENCY (app/styles/font-faces.server.ts) cut from Inter's latin-ext file with pyftsubset, from Debian's
// fonttools (`npm run fonts:currency` installs it when missing). pyftsubset keeps the variable weight axis
// and, by default, the glyphs' layout features, hinting tables and the name IDs a browser reads; the output
// depends only on the source file, the range and the fonttools version (no timestamp is written).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = path.join(root, "public/fonts/inter-latin-ext-wght-normal.woff2");
const target = path.join(root, "public/fonts/inter-currency-wght-normal.woff2");

execFileSync("pyftsubset", [source, `--unicodes=${CURRENCY}`, "--flavor=woff2", `--output-file=${target}`], { stdio: "inherit" });
console.log(`${path.relative(root, target)}: ${statSync(target).size} bytes for ${CURRENCY}`);
