// Inline head scripts are typed functions compiled by scripts/head-scripts.ts (docs/decisions/032-one-react-tree.md);
// the server writes a call of one with the page's values.

/** JSON that cannot close the script element (`</script>`) or break a string literal (U+2028, U+2029). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The inline script that calls a compiled head function (`compiled`, from head-scripts.generated.server.ts) with `args`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any function's parameters
export function callScript<F extends (...args: any[]) => void>(compiled: string, ...args: Parameters<F>): string {
  return `${compiled}(${args.map(scriptJson).join(",")});`;
}
