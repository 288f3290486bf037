import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatWithOptions } from "node:util";
import { pino, type Logger } from "pino";

// The process's one logger (docs/operations.md#logs): pino, one JSON object a line in production, readable
// lines in development (pino-pretty, a development dependency). Every line has a level and fields; the
// message keeps the words operators already search for. Why pino and the access line: decision 022; why
// everything else the process prints goes through it too (routeProcessOutput): decision 044.

export type LogLevel = "trace" | "debug" | "info" | "warn" | "error" | "fatal" | "silent";
export type LogFormat = "json" | "pretty";

/** The repository's folder (the nearest above this module, or above build/index.js, with a package.json). */
function repositoryRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

const ROOT = `${repositoryRoot()}${path.sep}`;

/**
 * A stack with its paths relative to the repository (`build/index.js:3786:11`, `node_modules/react-dom/…`):
 * where the code is, without where the server keeps it. A dependency is named from its node_modules
 * folder, wherever that folder is (a symlink, a shared install).
 */
export function relativeStack(stack: string): string {
  return stack
    .split(`file://${ROOT}`)
    .join("")
    .split(ROOT)
    .join("")
    .replace(/(?:file:\/\/)?\/[^\s():]*?\/node_modules\//g, "node_modules/");
}

/** pino's error serializer (type, message, stack, own fields), with the stack's paths relative. */
function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as { stack?: unknown } | undefined;
  if (serialized && typeof serialized.stack === "string") serialized.stack = relativeStack(serialized.stack);
  return serialized;
}

function jsonLogger(level: LogLevel): Logger {
  return pino(
    {
      level,
      // "level":"warn" rather than 40: what a log search is written against.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError },
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
    { level: options.level, serializers: { err: serializeError } },
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

const CONSOLE_LEVELS = { error: "error", warn: "warn", info: "info", log: "info", debug: "debug", trace: "debug" } as const;

/**
 * Everything the server process prints becomes a line of this logger (decision 044): what Remix, React
 * and libraries write with `console.*` (its level kept, `source: "console"`, an Error as `err` with its
 * stack relative), Node's process warnings (instead of Node's own plain-text printer), and an uncaught
 * exception or unhandled rejection (a `fatal` line, then exit 1, as Node would). Called once by the
 * process's entry (app/express.server.ts); tests that run the server in-process keep their console.
 */
export function routeProcessOutput(): void {
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[method as keyof typeof CONSOLE_LEVELS] = (...args: unknown[]) => {
      const err = args.find((arg): arg is Error => arg instanceof Error);
      // An Error in the message is its name and message; its stack goes in `err`.
      const text = formatWithOptions({ breakLength: Infinity }, ...args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : arg)));
      log[level]({ source: "console", ...(err ? { err } : {}) }, text);
    };
  }
  // Node prints its warnings (deprecations, MaxListeners…) to stderr as text unless the listener it
  // added at start-up is removed; they are written here instead.
  process.removeAllListeners("warning");
  process.on("warning", (warning) => log.warn({ source: "process", warning: warning.name, code: (warning as NodeJS.ErrnoException).code }, warning.message));
  process.on("uncaughtException", (error, origin) => {
    log.fatal(
      { err: error, origin },
      `${origin === "unhandledRejection" ? "unhandled rejection" : "uncaught exception"}: ${(error as Error)?.message ?? String(error)}`,
    );
    flushLog(() => process.exit(1));
  });
}
