import { describe, expect, it } from "vitest";
import { loader } from "~/routes/machines";
import { loader as replayLoader } from "~/routes/machines.replay[.]js";
import { loadContextFor, testServices } from "../../tests/unit/load-context";

// /machines exists only in the development URL mode; everywhere else it is a 404. The mode reaches the
// loader through its load context, as createServer's env does.
async function loaderIn(mode: string) {
  const request = new Request("http://localhost/machines");
  const context = loadContextFor(request, testServices({ URL_MODE: mode }));
  try {
    return await loader({ request, params: {}, context });
  } catch (thrown) {
    return thrown as Response;
  }
}

describe("/machines loader", () => {
  it("answers in development mode with every machine laid out", { timeout: 30_000 }, async () => {
    const response = await loaderIn("development");
    expect(response.status).toBe(200);
    const { charts } = (await response.json()) as { charts: Array<{ chart: { machineId: string; width: number; transitions: unknown[] } }> };
    expect(charts.length).toBeGreaterThan(0);
    for (const { chart } of charts) expect(chart.width, chart.machineId).toBeGreaterThan(0);
  });

  it.each(["test", "production"])("is a 404 in %s mode", async (mode) => {
    expect((await loaderIn(mode)).status).toBe(404);
  });
});

describe("/machines/replay.js (the replay engine, bundled on the development server)", () => {
  async function engineIn(mode: string) {
    const request = new Request("http://localhost/machines/replay.js");
    try {
      return await replayLoader({ request, params: {}, context: loadContextFor(request, testServices({ URL_MODE: mode })) });
    } catch (thrown) {
      return thrown as Response;
    }
  }

  it("answers in development mode with one browser module that exports the replay", { timeout: 30_000 }, async () => {
    const response = await engineIn("development");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    const source = await response.text();
    // Self-contained: no import of another file, so it loads offline once the page has it.
    expect(source).not.toMatch(/\bimport\s*[{*"']|\bimport\(/);
    expect(source).toMatch(/export\s*\{[^}]*\bparseLog\b/);
    expect(source).toMatch(/export\s*\{[^}]*\breplayVisit\b/);
  });

  it.each(["test", "production"])("is a 404 in %s mode", async (mode) => {
    expect((await engineIn(mode)).status).toBe(404);
  });
});
