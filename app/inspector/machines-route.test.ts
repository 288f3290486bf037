import { afterEach, describe, expect, it, vi } from "vitest";

// /machines exists only in the development URL mode (issue 4); everywhere else it is a 404.
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function loaderIn(mode: string) {
  vi.stubEnv("URL_MODE", mode);
  vi.resetModules();
  const { loader } = await import("~/routes/machines");
  try {
    return loader();
  } catch (thrown) {
    return thrown as Response;
  }
}

describe("/machines loader", () => {
  it("answers in development mode", async () => {
    expect((await loaderIn("development")).status).toBe(200);
  });

  it.each(["test", "production"])("is a 404 in %s mode", async (mode) => {
    expect((await loaderIn(mode)).status).toBe(404);
  });
});
