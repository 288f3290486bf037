import { createRequire } from "node:module";
import { pino, type Logger } from "pino";

// The process's one logger (docs/operations.md#logs): pino, one JSON object a line in production, readable
// lines in development (pino-pretty, a development dependency). Every line has a level and fields; the
// message keeps the words operators already search for. Why pino and the access line: decision 022.

export type LogLevel = "trace" | "debug" | "info" | "warn" | "error" | "fatal" | "silent";
export type LogFormat = "json" | "pretty";

/** Pending log bytes that make a write, and the longest a line waits for one. */
const LOG_WRITE_BYTES = 4096;
const LOG_FLUSH_MS = 250;

function jsonLogger(level: LogLevel): Logger {
  return pino(
    {
      level,
      // "level":"warn" rather than 40: what a log search is written against.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    // Asynchronous and gathered: lines go out together once 4 KB are pending (about 15 access lines), or
    // after at most a quarter of a second, so a busy instance makes one write for many requests, not one
    // each (a write a request was about 5 % of a cache hit's CPU). pino flushes what is pending on exit.
    pino.destination({ dest: 1, sync: false, minLength: LOG_WRITE_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}

/** Before configureLogger (unit tests, scripts): JSON at info. */
export let log: Logger = jsonLogger("info");

/**
 * Chooses level and format once at start-up. `pretty` needs pino-pretty (a development dependency); a
 * production install without it keeps JSON and says so.
 */
export function configureLogger(options: { level: LogLevel; format: LogFormat }): Logger {
  if (options.format === "json") {
    log = jsonLogger(options.level);
    return log;
  }
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
  } catch {
    log = jsonLogger(options.level);
    log.warn("LOG_FORMAT=pretty needs the pino-pretty package (a development dependency): writing JSON lines");
    return log;
  }
  log = pino(
    { level: options.level },
    pino.transport({ target: "pino-pretty", options: { ignore: "pid,hostname", translateTime: "SYS:HH:MM:ss.l", singleLine: true } }),
  );
  return log;
}

/** Writes what is pending, then calls `done` (before process.exit). */
export function flushLog(done: () => void): void {
  try {
    log.flush(() => done());
  } catch {
    done();
  }
}
