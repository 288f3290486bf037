import { designTokens, type DesignTokens } from "./design-tokens";

/** "group.name" for every token, e.g. "colors.purple" or "space.16". */
export type TokenPath = {
  [G in keyof DesignTokens]: `${G & string}.${keyof DesignTokens[G] & string}`;
}[keyof DesignTokens];

function split(path: string): [string, string] | null {
  const dot = path.indexOf(".");
  if (dot <= 0 || dot === path.length - 1) return null;
  return [path.slice(0, dot), path.slice(dot + 1)];
}

/** The token's value, or `fallback` when the path names no token (spec: token lookup with fallback). */
export function token(path: TokenPath): string;
export function token(path: string, fallback: string): string;
export function token(path: string, fallback?: string): string | undefined;
export function token(path: string, fallback?: string): string | undefined {
  const parts = split(path);
  if (!parts) return fallback;
  const group = (designTokens as Record<string, Record<string, string>>)[parts[0]];
  const value = group && Object.prototype.hasOwnProperty.call(group, parts[1]) ? group[parts[1]] : undefined;
  return value ?? fallback;
}

/**
 * Theme scales named unlike their token group (stitches.config.ts): easings are the `transitions`
 * scale, the one Stitches' `transition` property reads `$functional` from.
 */
const SCALE_OF_GROUP: ReadonlyMap<string, string> = new Map([["easings", "transitions"]]);

/**
 * The CSS variable reference for a token, named the way Stitches names its theme variables
 * (`--colors-purple`), so plain CSS and Stitches components agree.
 * Unknown tokens give the fallback value inside `var()` when one is given, so CSS still renders.
 */
export function cssVar(path: TokenPath): string;
export function cssVar(path: string, fallback?: string): string;
export function cssVar(path: string, fallback?: string): string {
  const parts = split(path);
  const name = parts ? `--${SCALE_OF_GROUP.get(parts[0]) ?? parts[0]}-${parts[1]}` : `--${path.replace(/[^a-zA-Z0-9-]/g, "-")}`;
  const known = token(path) !== undefined;
  if (!known && fallback !== undefined) return `var(${name}, ${fallback})`;
  return `var(${name})`;
}
