import { closeSync, createReadStream, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { open, readdir } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { LRUCache } from "lru-cache";
import type { FailedEvent, JudgedBatch, StoredEvent } from "./collect-batch.server";
import { DEDUP_TTL_SECONDS, type Sink, type Written } from "./sink.server";

// The default sink, `file:<folder>`: one NDJSON file per UTC day for stored events and one for failed events
// (events-YYYY-MM-DD.ndjson, failed-YYYY-MM-DD.ndjson). Batches that arrive while one is being written are
// appended together, each file once, then fdatasync'd; only then is any of them answered.
//
// One instance per folder, enforced by a lock file holding the pid: appends from several processes are not
// atomic for lines over PIPE_BUF, and each process would remember only its own event ids. A fleet writes to
// Redis (redis-sink.server.ts). Within one process the folder's sink is shared (tests start several servers).

const LOCK_FILE = "collector.lock";
/** Event ids remembered for dedup: a day of this many events at most (about 30 MB); beyond it the oldest go first. */
const DEDUP_MAX_IDS = 200_000;

interface Job {
  batch: JudgedBatch;
  resolve: (result: Written) => void;
  reject: (error: Error) => void;
}

const day = (iso: string) => iso.slice(0, 10);
const VITAL = /^web_vital_/;

/** The pid in a lock file, when it names a process that is still running. */
function livingHolder(lockPath: string): number | null {
  const pid = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

function takeLock(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return lockPath;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = livingHolder(lockPath);
      if (holder !== null && holder !== process.pid) {
        throw new Error(
          `COLLECT_SINK: the folder ${dir} is written by process ${holder} (${lockPath}); one instance per folder: give each its own, or use redis:// for a fleet`,
        );
      }
      unlinkSync(lockPath); // left by a process that is gone, or by this one before a restart in place
    }
  }
  throw new Error(`COLLECT_SINK: could not take the lock ${lockPath}`);
}

const open_ = new Map<string, { sink: FileSink; users: number }>();

export class FileSink implements Sink {
  readonly kind = "file" as const;
  private readonly seen = new LRUCache<string, true>({ max: DEDUP_MAX_IDS, ttl: DEDUP_TTL_SECONDS * 1000 });
  private queue: Job[] = [];
  private writing = false;
  private up = true;
  private readonly releaseOnExit = () => this.releaseLock();

  private constructor(
    readonly dir: string,
    private readonly lockPath: string,
  ) {
    process.once("exit", this.releaseOnExit);
  }

  /** The folder's sink for this process: made (and the lock taken) by the first user. Throws when another process holds it. */
  static open(dir: string): FileSink {
    const key = path.resolve(dir);
    const held = open_.get(key);
    if (held) {
      held.users++;
      return held.sink;
    }
    const sink = new FileSink(key, takeLock(key));
    open_.set(key, { sink, users: 1 });
    return sink;
  }

  status(): "up" | "down" {
    return this.up ? "up" : "down";
  }

  write(batch: JudgedBatch): Promise<Written> {
    return new Promise((resolve, reject) => {
      this.queue.push({ batch, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  /** Writes what is queued, all of it in one append per file, until nothing is left. */
  private async drain(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      const jobs = this.queue.splice(0);
      const fresh = new Set<string>();
      const lines = new Map<string, string[]>();
      const results = jobs.map(({ batch }) => {
        const result: Written = { stored: 0, failed: 0, duplicates: 0, storedIds: [] };
        const add = (file: string, line: StoredEvent | FailedEvent) => {
          const list = lines.get(file) ?? [];
          list.push(JSON.stringify(line));
          lines.set(file, list);
        };
        for (const event of batch.events) {
          if (this.seen.has(event.event_id) || fresh.has(event.event_id)) result.duplicates++;
          else {
            fresh.add(event.event_id);
            add(`events-${day(event.received_at)}.ndjson`, event);
            result.stored++;
            result.storedIds.push(event.event_id);
          }
        }
        for (const failed of batch.failed) {
          if (failed.event_id !== null && (this.seen.has(failed.event_id) || fresh.has(failed.event_id))) result.duplicates++;
          else {
            if (failed.event_id !== null) fresh.add(failed.event_id);
            add(`failed-${day(failed.received_at)}.ndjson`, failed);
            result.failed++;
          }
        }
        return result;
      });
      try {
        for (const [file, list] of lines) await this.append(file, `${list.join("\n")}\n`);
        for (const id of fresh) this.seen.set(id, true);
        this.up = true;
        jobs.forEach((job, i) => job.resolve(results[i]!));
      } catch (error) {
        this.up = false;
        for (const job of jobs) job.reject(error as Error);
      }
    }
    this.writing = false;
  }

  /** Appends and fdatasyncs; a new file's name is made durable too (the folder is fsync'd). */
  private async append(file: string, text: string): Promise<void> {
    const target = path.join(this.dir, file);
    const created = !existsSync(target);
    const handle = await open(target, "a");
    try {
      await handle.write(text);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    if (created) {
      const folder = await open(this.dir, "r");
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    }
  }

  async *vitals(since: Date): AsyncIterable<StoredEvent> {
    const first = `events-${since.toISOString().slice(0, 10)}.ndjson`;
    const files = (await readdir(this.dir).catch(() => [] as string[]))
      .filter((name) => /^events-\d{4}-\d{2}-\d{2}\.ndjson$/.test(name) && name >= first)
      .sort();
    const from = since.toISOString();
    for (const file of files) {
      const lines = createInterface({ input: createReadStream(path.join(this.dir, file), "utf8"), crlfDelay: Infinity });
      for await (const line of lines) {
        // A cheap look before parsing: most lines are not vitals.
        if (!line.includes('"event":"web_vital_')) continue;
        try {
          const event = JSON.parse(line) as StoredEvent;
          if (VITAL.test(event.event) && event.received_at >= from) yield event;
        } catch {
          // A torn last line (the machine stopped mid-write, before any answer was given): not an event.
        }
      }
    }
  }

  private releaseLock(): void {
    try {
      if (livingHolder(this.lockPath) === process.pid) unlinkSync(this.lockPath);
    } catch {
      // Gone already.
    }
  }

  async close(): Promise<void> {
    const held = open_.get(this.dir);
    if (held && --held.users > 0) return;
    open_.delete(this.dir);
    while (this.writing) await new Promise((resolve) => setTimeout(resolve, 5));
    process.off("exit", this.releaseOnExit);
    this.releaseLock();
  }
}
