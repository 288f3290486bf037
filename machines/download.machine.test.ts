import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { DownloadHttpError, downloadMachine, type FetchedFile } from "./download.machine";

function start(fetchImpl: () => Promise<FetchedFile>) {
  const saveFile = vi.fn();
  const notifyFailure = vi.fn();
  const emitted: Array<Record<string, unknown>> = [];
  const actor = createActor(downloadMachine.provide({ actors: { fetchFile: fromPromise(fetchImpl) }, actions: { saveFile, notifyFailure } }), {
    input: { url: "/media/downloads/plan.pdf", fileName: "plan.pdf" },
  });
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  return { actor, saveFile, notifyFailure, emitted };
}

describe("download machine (docs/requirements.md#4-behaviour, docs/requirements.md#8-failures)", () => {
  it("fetches the blob on click, then saves it", async () => {
    const d = start(async () => ({ objectUrl: "blob:x", size: 10 }));
    d.actor.send({ type: "CLICKED" });
    await waitFor(d.actor, (s) => s.matches("ready"));
    expect(d.actor.getSnapshot().context.objectUrl).toBe("blob:x");
    expect(d.saveFile).toHaveBeenCalledTimes(1);
    d.actor.send({ type: "CLICKED" });
    expect(d.saveFile).toHaveBeenCalledTimes(2);
    expect(d.emitted.map((e) => e.type)).toEqual(["download_clicked", "download_ready", "download_clicked"]);
  });

  it("leaves the link unset and tells the visitor on failure, then can retry", async () => {
    const d = start(async () => {
      throw new DownloadHttpError(404);
    });
    d.actor.send({ type: "CLICKED" });
    await waitFor(d.actor, (s) => s.matches("failed"));
    expect(d.actor.getSnapshot().context.objectUrl).toBeNull();
    expect(d.notifyFailure).toHaveBeenCalledTimes(1);
    expect(d.emitted.at(-1)).toEqual({ type: "download_failed", file_name: "plan.pdf", status_code: 404 });
    d.actor.send({ type: "CLICKED" });
    expect(d.emitted.at(-1)).toEqual({ type: "download_clicked", file_name: "plan.pdf", attempt: 2 });
  });

  it("reports a network failure without a status", async () => {
    const d = start(async () => {
      throw new TypeError("Failed to fetch");
    });
    d.actor.send({ type: "CLICKED" });
    await waitFor(d.actor, (s) => s.matches("failed"));
    expect(d.emitted.at(-1)).toMatchObject({ status_code: null });
  });
});
