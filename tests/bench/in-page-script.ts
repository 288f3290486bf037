// Turns a function written here into script text a page runs (an init script or an evaluate), with
// its arguments: functions (also inside arrays and objects) embedded as source, the rest as JSON.
// tsx compiles with esbuild's keepNames, which wraps named functions in `__name(...)`; the page has
// no such helper, so the script brings a harmless one.

function toSource(value: unknown): string {
  if (typeof value === "function") return value.toString();
  if (Array.isArray(value)) return `[${value.map(toSource).join(", ")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}: ${toSource(v)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function inPageScript(fn: (...args: any[]) => unknown, ...args: unknown[]): string {
  return `(() => { const __name = (target) => target; return (${fn.toString()})(${args.map(toSource).join(", ")}); })()`;
}
