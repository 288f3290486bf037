import { connect, type Socket } from "node:net";

// HTTP/1.1 over a plain socket, for requests that fetch and Playwright refuse to send: any method,
// a Host with spaces or an out-of-range port, absolute-form and asterisk-form targets, raw bytes,
// chunked bodies, pipelining on one keep-alive connection. The response parser reads status, headers
// and a Content-Length, chunked or close-delimited body; 1xx interim responses are kept apart.

export interface RawResponse {
  status: number;
  /** Header names in lower case; repeated headers in order. */
  headers: Record<string, string[]>;
  body: Buffer;
  /** Interim (1xx) statuses that came before the final response, e.g. [100]. */
  interim: number[];
  /** The server said it would close the connection (Connection: close, or it did). */
  closes: boolean;
}

export function header(response: RawResponse, name: string): string | undefined {
  return response.headers[name.toLowerCase()]?.join(", ");
}

/** A request as bytes. Header values are written as given: the point is to send what clients must not. */
export function requestBytes(method: string, target: string, headers: Array<[string, string]>, body: Buffer | string = "", version = "HTTP/1.1"): Buffer {
  const head = `${method} ${target} ${version}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), typeof body === "string" ? Buffer.from(body) : body]);
}

/** One chunk of a chunked body; an empty buffer is the last chunk. */
export function chunk(data: Buffer | string): Buffer {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]);
}

class ParseError extends Error {}

/** Incremental parser of one response at a time from a byte stream. */
class ResponseReader {
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;
  private waiter: (() => void) | null = null;
  error: Error | null = null;

  push(data: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
    this.wake();
  }

  end(error?: Error) {
    this.ended = true;
    this.error ??= error ?? null;
    this.wake();
  }

  private wake() {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  private async more(): Promise<boolean> {
    if (this.ended) return false;
    await new Promise<void>((resolve) => (this.waiter = resolve));
    return true;
  }

  private async line(): Promise<string> {
    for (;;) {
      const at = this.buffer.indexOf("\r\n");
      if (at >= 0) {
        const text = this.buffer.subarray(0, at).toString("latin1");
        this.buffer = this.buffer.subarray(at + 2);
        return text;
      }
      if (!(await this.more())) throw new ParseError(`connection ended before a full line${this.error ? ` (${this.error.message})` : ""}`);
    }
  }

  private async bytes(count: number): Promise<Buffer> {
    while (this.buffer.length < count) {
      if (!(await this.more())) throw new ParseError("connection ended inside a body");
    }
    const out = this.buffer.subarray(0, count);
    this.buffer = this.buffer.subarray(count);
    return out;
  }

  private async rest(): Promise<Buffer> {
    while (await this.more());
    const out = this.buffer;
    this.buffer = Buffer.alloc(0);
    return out;
  }

  /** True once the connection has ended with nothing left to read; false as soon as more bytes come. */
  async drained(): Promise<boolean> {
    while (this.buffer.length === 0) if (!(await this.more())) return true;
    return false;
  }

  async read(noBody: boolean): Promise<RawResponse> {
    const interim: number[] = [];
    for (;;) {
      const statusLine = await this.line();
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
      if (!match) throw new ParseError(`not a status line: ${JSON.stringify(statusLine.slice(0, 80))}`);
      const status = Number(match[1]);
      const headers: Record<string, string[]> = {};
      for (let line = await this.line(); line !== ""; line = await this.line()) {
        const colon = line.indexOf(":");
        const name = line.slice(0, colon).trim().toLowerCase();
        (headers[name] ??= []).push(line.slice(colon + 1).trim());
      }
      if (status >= 100 && status < 200) {
        interim.push(status);
        continue;
      }
      const closes = (headers.connection ?? []).some((v) => /\bclose\b/i.test(v));
      const length = headers["content-length"]?.[0];
      let body: Buffer;
      if (noBody || status === 204 || status === 304) body = Buffer.alloc(0);
      else if ((headers["transfer-encoding"] ?? []).some((v) => /chunked/i.test(v))) {
        const parts: Buffer[] = [];
        for (;;) {
          const size = parseInt((await this.line()).split(";")[0]!, 16);
          if (!Number.isFinite(size)) throw new ParseError("bad chunk size");
          if (size === 0) {
            while ((await this.line()) !== "");
            break;
          }
          parts.push(await this.bytes(size));
          await this.line();
        }
        body = Buffer.concat(parts);
      } else if (length !== undefined) body = await this.bytes(Number(length));
      else body = await this.rest();
      return { status, headers, body, interim, closes: closes || (length === undefined && !headers["transfer-encoding"]) };
    }
  }
}

/** A keep-alive connection that sends requests one after the other and reads each response. */
export class RawConnection {
  private readonly reader = new ResponseReader();
  private closed = false;
  /** Settles when the server has ended the connection (or it failed). */
  readonly ended: Promise<void>;

  private constructor(readonly socket: Socket) {
    let ended!: () => void;
    this.ended = new Promise((resolve) => (ended = resolve));
    socket.on("data", (data: Buffer) => this.reader.push(data));
    socket.on("end", () => ((this.closed = true), this.reader.end(), ended()));
    socket.on("close", () => ((this.closed = true), this.reader.end(), ended()));
    socket.on("error", (error) => ((this.closed = true), this.reader.end(error), ended()));
  }

  static open(port: number, host = "127.0.0.1"): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host });
      socket.setNoDelay(true);
      socket.once("connect", () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }

  get isOpen(): boolean {
    return !this.closed && !this.socket.destroyed;
  }

  write(bytes: Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(bytes, (error) => (error ? reject(error) : resolve())));
  }

  /** The next response on this connection (for a HEAD request, say so: its headers name a body it has not). */
  read({ head = false, timeoutMs = 10_000 } = {}): Promise<RawResponse> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no response within ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([this.reader.read(head), timeout]).finally(() => clearTimeout(timer));
  }

  /**
   * Every response until the server ends the connection (or `timeoutMs` passes: then `ended` is false).
   * Bytes that are not a response make it throw.
   */
  async readAll({ head = false, timeoutMs = 10_000 } = {}): Promise<{ responses: RawResponse[]; ended: boolean }> {
    const responses: RawResponse[] = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const left = deadline - Date.now();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), Math.max(0, left))));
      const drained = await Promise.race([this.reader.drained(), timeout]).finally(() => clearTimeout(timer));
      if (drained === "timeout") return { responses, ended: false };
      if (drained) return { responses, ended: true };
      responses.push(await this.read({ head, timeoutMs: Math.max(1, deadline - Date.now()) }));
    }
  }

  /** Writes a request and reads its response; a server that answers and closes before taking the whole request still counts as an answer. */
  send(bytes: Buffer, options: { head?: boolean; timeoutMs?: number } = {}): Promise<RawResponse> {
    this.write(bytes).catch(() => undefined);
    return this.read(options);
  }

  close(): void {
    this.socket.destroy();
  }
}

/** One request on its own connection. */
export async function rawRequest(port: number, bytes: Buffer, options: { head?: boolean; timeoutMs?: number } = {}): Promise<RawResponse> {
  const connection = await RawConnection.open(port);
  try {
    return await connection.send(bytes, options);
  } finally {
    connection.close();
  }
}
