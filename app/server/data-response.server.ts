import type { TypedResponse } from "@remix-run/node";

// A loader's JSON answer that keeps its data object (docs/decisions/040-loader-data-kept-as-objects.md).
//
// Remix 2 (without single fetch) wraps what a loader returns in a JSON Response, and its document render
// reads that Response back with `response.json()`: every page's data was serialised, encoded to UTF-8,
// decoded and parsed once per request only to become the same object again. A DataResponse answers
// `json()` with the object itself, and makes its body, the JSON text, only when something reads it: a
// client's data request (`?_data=`), which Remix streams to the client as it is.

const encoder = new TextEncoder();

export class DataResponse<T> extends Response {
  readonly #data: T;

  constructor(data: T, init: { status?: number; headers?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json; charset=utf-8");
    // A high-water mark of 0: the stream asks for its text only when read, not as soon as it is made.
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          controller.enqueue(encoder.encode(JSON.stringify(data)));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    super(body, { status: init.status ?? 200, headers });
    this.#data = data;
  }

  /** The loader's object itself, as Remix's document render reads it: nothing is serialised. */
  override json(): Promise<T> {
    return Promise.resolve(this.#data);
  }
}

/** The data as a loader's response, typed for `useLoaderData<typeof loader>()` as Remix's `json()` is. */
export function dataResponse<T>(data: T, init?: { status?: number; headers?: Record<string, string> }): TypedResponse<T> {
  return new DataResponse(data, init) as unknown as TypedResponse<T>;
}
