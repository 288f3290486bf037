import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The next page's data kept in memory for its tap (docs/decisions/049-next-page-data-in-memory.md), in a page shown
// at http://www.paris-experiences.example/day-trips/. The browser test (tests/e2e/navigation.spec.ts) follows a tap.

const ORIGIN = "http://www.paris-experiences.example";
type Module = typeof import("./page-data-ahead");

let now = 0;
let answers: Map<string, () => Promise<Response>>;
let asked: string[];
let inits: RequestInit[];

async function load(): Promise<Module> {
  vi.resetModules();
  return import("./page-data-ahead");
}

const json =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));

beforeEach(() => {
  now = 1_000;
  asked = [];
  inits = [];
  answers = new Map();
  vi.stubGlobal("location", new URL(`${ORIGIN}/day-trips/`));
  vi.spyOn(performance, "now").mockImplementation(() => now);
  vi.stubGlobal("fetch", (url: URL, init: RequestInit) => {
    const path = `${url.pathname}${url.search}`;
    asked.push(path);
    inits.push(init);
    return (answers.get(path) ?? json({ message: "not found" }, 404))();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a page's data fetched ahead", () => {
  it("is asked for as Remix's client asks for a page route's data, once, and handed to the tap once", async () => {
    const { fetchPageData, takePageData } = await load();
    answers.set("/eiffel-tower/?_data=routes%2F%24", json({ kind: "page", title: "Eiffel Tower" }));
    fetchPageData("/eiffel-tower/");
    fetchPageData("/eiffel-tower/");
    expect(asked).toEqual(["/eiffel-tower/?_data=routes%2F%24"]);
    // Behind what the page itself loads, and not in the browser's cache, whose copy a later request of Remix's could
    // be handed stale (stale-while-revalidate) after the visitor chose another currency.
    expect(inits).toEqual([{ priority: "low", cache: "no-store" }]);

    await expect(takePageData(`${ORIGIN}/eiffel-tower/`)).resolves.toEqual({ kind: "page", title: "Eiffel Tower" });
    // Used once: the next navigation to it asks the server loader.
    expect(takePageData(`${ORIGIN}/eiffel-tower/`)).toBeUndefined();
  });

  it("names the index route for the site's root and keeps the query; the page shown is not fetched", async () => {
    const { fetchPageData, takePageData } = await load();
    answers.set("/?uid=www.paris-experiences.example&lang=en&_data=routes%2F_index", json({ kind: "page", title: "Paris" }));
    fetchPageData("/day-trips/");
    fetchPageData("/?uid=www.paris-experiences.example&lang=en");
    expect(asked).toEqual(["/?uid=www.paris-experiences.example&lang=en&_data=routes%2F_index"]);
    await expect(takePageData(`${ORIGIN}/?uid=www.paris-experiences.example&lang=en`)).resolves.toMatchObject({ title: "Paris" });
    expect(takePageData(`${ORIGIN}/day-trips/`)).toBeUndefined();
  });

  it("leaves a redirect, a missing page, a broken answer and a failed request to the navigation", async () => {
    const { fetchPageData, takePageData } = await load();
    answers.set("/moved/?_data=routes%2F%24", () => Promise.resolve(new Response(null, { status: 204, headers: { "X-Remix-Redirect": "/eiffel-tower/" } })));
    answers.set("/broken/?_data=routes%2F%24", () => Promise.resolve(new Response("{", { status: 200, headers: { "Content-Type": "application/json" } })));
    answers.set("/offline/?_data=routes%2F%24", () => Promise.reject(new TypeError("Failed to fetch")));
    for (const page of ["/moved/", "/missing/", "/broken/", "/offline/"]) fetchPageData(page);
    expect(asked).toHaveLength(4);
    for (const page of ["/moved/", "/missing/", "/broken/", "/offline/"]) await expect(takePageData(`${ORIGIN}${page}`), page).resolves.toBeUndefined();
  });

  it("is not used after five minutes, and is fetched again then", async () => {
    const { fetchPageData, takePageData } = await load();
    answers.set("/eiffel-tower/?_data=routes%2F%24", json({ kind: "page" }));
    fetchPageData("/eiffel-tower/");
    now += 5 * 60_000;
    expect(takePageData(`${ORIGIN}/eiffel-tower/`)).toBeUndefined();

    fetchPageData("/eiffel-tower/");
    now += 60_000;
    fetchPageData("/eiffel-tower/");
    expect(asked).toHaveLength(2);
    await expect(takePageData(`${ORIGIN}/eiffel-tower/`)).resolves.toEqual({ kind: "page" });
  });

  it("drops everything kept when the page shown loads again (a form's action, such as another currency)", async () => {
    const { fetchPageData, takePageData } = await load();
    answers.set("/eiffel-tower/?_data=routes%2F%24", json({ kind: "page" }));
    fetchPageData("/eiffel-tower/");
    expect(takePageData(`${ORIGIN}/day-trips/`)).toBeUndefined();
    expect(takePageData(`${ORIGIN}/eiffel-tower/`)).toBeUndefined();
  });

  it("hands a page kept to a navigation back to it (the address has already changed)", async () => {
    const { fetchPageData, takePageData } = await load();
    answers.set("/eiffel-tower/?_data=routes%2F%24", json({ kind: "page", title: "Eiffel Tower" }));
    answers.set("/?_data=routes%2F_index", json({ kind: "page", title: "Paris" }));
    fetchPageData("/eiffel-tower/");
    fetchPageData("/");
    vi.stubGlobal("location", new URL(`${ORIGIN}/`));
    await expect(takePageData(`${ORIGIN}/`)).resolves.toMatchObject({ title: "Paris" });
    await expect(takePageData(`${ORIGIN}/eiffel-tower/`)).resolves.toMatchObject({ title: "Eiffel Tower" });
  });

  it("keeps at most 24 pages, the oldest going first", async () => {
    const { fetchPageData, takePageData } = await load();
    for (let i = 0; i <= 24; i++) {
      answers.set(`/p${i}/?_data=routes%2F%24`, json({ page: i }));
      fetchPageData(`/p${i}/`);
    }
    expect(takePageData(`${ORIGIN}/p0/`)).toBeUndefined();
    await expect(takePageData(`${ORIGIN}/p1/`)).resolves.toEqual({ page: 1 });
    await expect(takePageData(`${ORIGIN}/p24/`)).resolves.toEqual({ page: 24 });
  });
});
