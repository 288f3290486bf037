import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Writes a content file (JSON unless given as text) with a modification time 5 s ahead, so that the content store's
 * revalidation by stat sees it as changed even within the same second as the write before.
 */
export function writeContentFile(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
}
