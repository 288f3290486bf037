import { createRequire } from "node:module";
import { pino, type Logger } from "pino";

// The process's one logger (docs/operations.md#logs): pino, one JSON object a line in production, readable
// lines in development (pino-pretty, a development dependency). Every line has a level and fields; the
// message keeps the words operators already search for. Why pino and the access line: decision 022.

export type LogLevel = "trace" | "debug" | "info" | "warn" | "error" | "fatal" | "silent";
export type LogFormat = "json" | "pretty";

function jsonLogger(level: LogLevel): Logger {
  return pino(
    {
      level,
      // "level":"warn" rather than 40: what a log search is written against.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    // Asynchronous: lines written while a write is under way go out together in the next one, so a busy
    // instance makes a few writes a millisecond, not one a request; pino flushes what is pending on exit.
    pino.destination({ dest: 1, sync: false }),
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
