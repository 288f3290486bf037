import { describe, expect, it } from "vitest";
import { loader } from "~/routes/machines";
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
