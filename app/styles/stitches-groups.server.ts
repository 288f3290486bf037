// Stitches keeps its rules in seven groups in one stylesheet, each an `@media{}` block after a marker
// rule (`--sxs{--sxs:<group> <cached names…>}`), ordered themed, global, styled, onevar, resonevar,
// allvar, inline. getCssText() leaves out the groups a page has no rules in, and in the browser Stitches
// adopts the server's groups (so it does not insert what the server already sent) but inserts a marker
// and an empty block for each missing one. Each rule inserted at a stylesheet's top level made Chromium
// recompute the style of the whole document once the app started, a long task on a phone. So the server
// sends every group, empty ones included (measure with `npx tsx tests/bench/trace.ts city`).

const GROUP_COUNT = 7;
const MARKER = /--sxs\{--sxs:(\d)[^}]*\}/g;

/** Stitches' CSS text with an empty `--sxs{--sxs:N}@media{}` for every group it left out, in order. */
export function withEveryStitchesGroup(cssText: string): string {
  const present = [...cssText.matchAll(MARKER)].map((match) => ({ group: Number(match[1]), at: match.index! }));
  // Not Stitches' output as this code knows it: leave it alone.
  if (present.length === 0 || present.some((marker, i) => i > 0 && marker.group <= present[i - 1]!.group)) return cssText;
  let out = "";
  let from = 0;
  let group = 0;
  for (const marker of [...present, { group: GROUP_COUNT, at: cssText.length }]) {
    out += cssText.slice(from, marker.at);
    for (; group < marker.group; group++) out += `--sxs{--sxs:${group}}@media{}`;
    group = marker.group + 1;
    from = marker.at;
  }
  return out + cssText.slice(from);
}
