import { createRequestHandler } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { oneRouteBuild } from "../../tests/unit/one-route-build";
import { DataResponse, dataResponse } from "./data-response.server";

const page = { kind: "page", title: "Best time to visit Paris — €39 & up", cards: [{ name: "Louvre <skip the line>" }] };

afterEach(() => vi.restoreAllMocks());

describe("DataResponse", () => {
  it("answers json() with the loader's object itself and serialises nothing", async () => {
    const stringify = vi.spyOn(JSON, "stringify");
    const response = new DataResponse(page, { headers: { "Cache-Control": "public, max-age=0" } });
    await Promise.resolve();
    expect(await response.json()).toBe(page);
    expect(stringify).not.toHaveBeenCalled();
  });

  it("reads as the JSON text when a client asks for the data, with its status and headers", async () => {
    const response = new DataResponse(page, { status: 404, headers: { "Cache-Control": "public, max-age=60" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(await response.text()).toBe(JSON.stringify(page));
  });

  it("keeps a Content-Type the caller gave", () => {
    expect(new DataResponse(page, { headers: { "content-type": "application/vnd.page+json" } }).headers.get("Content-Type")).toBe("application/vnd.page+json");
  });
});

/** A one-route Remix build whose document entry reports the loader data Remix hands React. */
function buildWith(loader: () => unknown, seen: { data?: unknown }) {
  return oneRouteBuild(loader, {
    render: (_request, status, headers, context) => {
      const errors = context.staticHandlerContext.errors as Record<string, { data?: unknown }> | null;
      seen.data = errors?.root ? errors.root.data : context.staticHandlerContext.loaderData.root;
      return new Response("<!DOCTYPE html><p>page</p>", { status, headers });
    },
  });
}

/** A document request and a data request to a one-route build with `loader`, and what its render was handed. */
async function requestBoth(loader: () => unknown): Promise<{ document: Response; rendered: unknown; data: Response }> {
  const seen: { data?: unknown } = {};
  const handler = createRequestHandler(buildWith(loader, seen));
  const document = await handler(new Request("http://localhost/"));
  const rendered = seen.data;
  const data = await handler(new Request("http://localhost/?_data=root"));
  return { document, rendered, data };
}

describe("a DataResponse through Remix's request handler", () => {
  it("reaches the document render as the same object, and a data request as its JSON", async () => {
    const { document, rendered, data } = await requestBoth(() => dataResponse(page, { headers: { "Cache-Control": "public, max-age=0" } }));
    expect(document.status).toBe(200);
    expect(rendered).toBe(page);
    expect(data.status).toBe(200);
    expect(data.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(await data.json()).toEqual(page);
  });

  it("carries a thrown 404 to the error boundary's data the same way", async () => {
    const notFound = { kind: "not-found", message: "We couldn't find that page." };
    const { document, rendered, data } = await requestBoth(() => {
      throw dataResponse(notFound, { status: 404 });
    });
    expect(document.status).toBe(404);
    expect(rendered).toBe(notFound);
    expect(data.status).toBe(404);
    expect(data.headers.get("X-Remix-Catch")).toBe("yes");
    expect(await data.json()).toEqual(notFound);
  });
});
