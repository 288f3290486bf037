import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { INSPECT_CHANNEL } from "../../app/inspector/bridge-protocol";
import { expect, LTT, test, VISITOR_AGENTS } from "./fixtures";
import { YOUTUBE_STAND_IN } from "./machine-paths/drivers";

// A recorded visit replayed in /machines (docs/machines.md, "Replaying a recorded visit"): a phone visitor
// opens the menu, loses the connection (a toast), copies a number in Call us (a tooltip) and plays the
// video, with the /tracking live panel and /machines open. Both export the tab's data-layer log (the panel what
// reached it, /machines the tab's window.dataLayer); each
// export replays in /machines, in a context of its own that is offline, and the charts show, entry by
// entry, the state each machine's actor had on the page when that entry was pushed.

const LTT_SHOW = `/?uid=${LTT}.shows.les-miserables&lang=en`;

type Recorded = { kind: string; actorId: string; machineId: string; transitions?: string[]; value?: unknown };

/** The page's own record of its actors, from the inspection bridge (as the path tests keep it). */
function recordBridge(channelName: string) {
  const log: Recorded[] = [];
  (window as unknown as { __bridge: Recorded[] }).__bridge = log;
  new BroadcastChannel(channelName).onmessage = ({ data }: MessageEvent<Recorded>) => {
    if (data?.kind === "transitions" || data?.kind === "snapshot") log.push(data);
  };
}

/** "disclosure.open" and its ancestors for a state value, as /machines outlines them. */
function activeIds(machineId: string, value: unknown): string[] {
  const ids = [machineId];
  const walk = (v: unknown, prefix: string) => {
    if (typeof v === "string") ids.push(`${prefix}.${v}`);
    else if (v && typeof v === "object")
      for (const [key, child] of Object.entries(v)) {
        ids.push(`${prefix}.${key}`);
        walk(child, `${prefix}.${key}`);
      }
  };
  walk(value, machineId);
  return ids.sort();
}

interface Checkpoint {
  /** The entry that ends the action: its name and which occurrence of that name in the visit. */
  event: string;
  occurrence: number;
  machineId: string;
  value: unknown;
}

const pushedNames = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: Array<{ event?: unknown }> }).dataLayer ?? []).map((e) => e?.event).filter((e) => typeof e === "string"),
  );

test("a visit recorded on a storefront page (menu, toast, tooltip, video) replays in /machines with the same states highlighted, step by step", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    userAgent: VISITOR_AGENTS.phone,
    viewport: { width: 375, height: 740 },
    extraHTTPHeaders: { "cloudfront-viewer-country": "US" },
    permissions: ["clipboard-read", "clipboard-write"],
  });
  await context.route("https://www.youtube.com/iframe_api", (route) => route.fulfill({ contentType: "text/javascript", body: YOUTUBE_STAND_IN }));
  await context.addInitScript(recordBridge, INSPECT_CHANNEL);
  // The live panel publishes once an analyst has opened /tracking in this browser.
  const tracking = await context.newPage();
  await tracking.goto("/tracking");
  await expect(tracking.getByRole("heading", { name: "Live events in this browser" })).toBeVisible();
  const inspector = await context.newPage();
  await inspector.goto("/machines");
  await expect(inspector.locator("[data-machine-inspector]")).toHaveAttribute("data-listening", "true");

  const page = await context.newPage();
  // Console errors fail the test, but for the requests the browser could not make while offline.
  const errors: string[] = [];
  for (const each of [tracking, inspector, page])
    each.on("console", (message) => {
      if (message.type() === "error" && !message.text().includes("ERR_INTERNET_DISCONNECTED")) errors.push(message.text());
    });
  await page.clock.install();
  await page.goto(LTT_SHOW);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // The video's 5 s checks run only when the test says: none does here.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  const checkpoints: Checkpoint[] = [];
  /** Does what a visitor does, waits for the entry that ends it, and notes the state of the actor that moved. */
  const visit = async (machineId: string, event: string, act: () => Promise<unknown>) => {
    const before = await page.evaluate(() => (window as unknown as { __bridge: Recorded[] }).__bridge.length);
    const occurrence = (await pushedNames(page)).filter((name) => name === event).length;
    await act();
    await expect.poll(async () => (await pushedNames(page)).filter((name) => name === event).length).toBe(occurrence + 1);
    let state: unknown;
    await expect
      .poll(async () => {
        state = await page.evaluate(
          ({ before, machineId }) => {
            const log = (window as unknown as { __bridge: Recorded[] }).__bridge;
            const moved = log.slice(before).find((m) => m.kind === "transitions" && m.machineId === machineId)?.actorId;
            return moved ? log.filter((m) => m.kind === "snapshot" && m.actorId === moved).at(-1)?.value : undefined;
          },
          { before, machineId },
        );
        return state;
      })
      .not.toBeUndefined();
    checkpoints.push({ event, occurrence, machineId, value: state });
  };

  await visit("disclosure", "menu_opened", () => page.getByRole("button", { name: "Menu" }).click());
  await visit("disclosure", "menu_closed", () => page.keyboard.press("Escape"));
  await visit("toasts", "toast_shown", () => context.setOffline(true));
  await visit("toasts", "toast_dismissed", () => page.getByRole("region", { name: "Notifications" }).getByRole("button", { name: "Dismiss" }).click());
  await context.setOffline(false);
  await visit("modalStack", "modal_opened", () => page.getByRole("button", { name: "Call us" }).click());
  await visit("tooltip", "tooltip_shown", () => page.getByRole("button", { name: "Copy number: UK +44 20 7946 0000" }).click());
  await visit("modalStack", "modal_closed", () => page.getByRole("dialog").getByRole("button", { name: "Close" }).click());
  await visit("video", "video_started", async () => {
    await page.getByRole("button", { name: /^Play video: / }).click();
  });
  await visit("video", "video_paused", () => page.locator("[data-stand-in]").getByRole("button", { name: "Pause" }).click());
  expect(checkpoints.map((c) => [c.machineId, c.value])).toEqual([
    ["disclosure", "open"],
    ["disclosure", "closed"],
    ["toasts", "showing"],
    ["toasts", "empty"],
    ["modalStack", "open"],
    ["tooltip", "shown"],
    ["modalStack", "empty"],
    ["video", "playing"],
    ["video", "paused"],
  ]);

  // The two exports of this tab's log: the live panel's and the event log's of /machines.
  const [fromPanel] = await Promise.all([tracking.waitForEvent("download"), tracking.getByRole("button", { name: "Export data-layer log (JSON)" }).click()]);
  const panelLog = readFileSync(await fromPanel.path());
  const [fromInspector] = await Promise.all([
    inspector.waitForEvent("download"),
    inspector.getByRole("complementary", { name: "Event log" }).getByRole("button", { name: "Export this tab's data-layer log" }).click(),
  ]);
  const inspectorLog = readFileSync(await fromInspector.path(), "utf8");
  await context.close();
  expect(errors, "console errors while recording").toEqual([]);

  // Replayed in a browser of its own, offline: nothing is fetched or sent.
  const analyst = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const machines = await analyst.newPage();
  await machines.goto("/machines");
  await expect(machines.locator("[data-machine-inspector]")).toHaveAttribute("data-listening", "true");
  // The replay engine arrives with the page; from then on the page needs no network.
  await expect(machines.locator("[data-replay-panel]")).toHaveAttribute("data-engine", "ready");
  await analyst.setOffline(true);
  const requests: string[] = [];
  machines.on("request", (request) => requests.push(request.url()));
  const panel = machines.getByRole("region", { name: "Replay a recorded visit" });
  const timeline = panel.getByRole("list", { name: "Timeline of the visit" });
  const slider = panel.getByRole("slider", { name: "Step through the visit" });

  const unmatched = panel.getByRole("region", { name: "Events that match no transition" });
  /** Every machine's event is matched; what is left the page pushes itself (Call us's opening, its Web Vitals). */
  const expectOnlyPageEventsUnmatched = async () => {
    await expect(unmatched).toContainText("call_us_opened: No machine emits call_us_opened: it is pushed by the page, not by a transition.");
    for (const item of await unmatched.getByRole("listitem").allTextContents())
      expect(item).toMatch(/^\d+\. (\w+): No machine emits \1: it is pushed by the page/);
  };

  /** Each checkpoint's entry, found on the timeline, shows the state the page's actor had. */
  const expectSameStates = async () => {
    const lines = await timeline.getByRole("button").allTextContents();
    for (const checkpoint of checkpoints) {
      const at = lines.map((line, i) => [line, i] as const).filter(([line]) => line.split(/[:←]/)[0]!.trim().endsWith(` ${checkpoint.event}`))[
        checkpoint.occurrence
      ];
      expect(at, `${checkpoint.event} #${checkpoint.occurrence + 1} on the timeline`).toBeDefined();
      await slider.fill(String(at![1]));
      await expect(timeline.getByRole("button").nth(at![1])).toHaveAttribute("aria-current", "step");
      await expect(timeline.getByRole("button").nth(at![1])).toContainText(`← ${checkpoint.machineId}`);
      const chart = machines.locator(`svg[data-chart='${checkpoint.machineId}']`);
      await expect
        .poll(async () => (await chart.locator("[data-active='true']").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-state-id")!))).sort(), {
          message: `${checkpoint.event}: the ${checkpoint.machineId} chart`,
        })
        .toEqual(activeIds(checkpoint.machineId, checkpoint.value));
    }
  };

  // The live panel's export: events only, no page context, so the analyst says it was a phone.
  await panel.getByLabel("Or open a JSON file").setInputFiles({ name: fromPanel.suggestedFilename(), mimeType: "application/json", buffer: panelLog });
  await panel.getByRole("combobox").selectOption("phone");
  await expect(panel.getByRole("status")).toContainText("matched to a transition");
  await expectOnlyPageEventsUnmatched();
  await expectSameStates();

  // Forward and back, on the timeline.
  await slider.fill("0");
  await panel.getByRole("button", { name: "Forward" }).click();
  await expect(timeline.getByRole("button").nth(1)).toHaveAttribute("aria-current", "step");
  await panel.getByRole("button", { name: "Back" }).click();
  await expect(timeline.getByRole("button").nth(0)).toHaveAttribute("aria-current", "step");
  await expect(panel.getByRole("button", { name: "Back" })).toBeDisabled();
  // The replayed visit's arrows are marked on the charts.
  await expect(machines.locator("svg[data-chart='disclosure'] [data-transition-id='disclosure.open|ESCAPE|0']")).toHaveAttribute("data-replayed", "true");
  await expect(machines.locator("svg[data-chart='disclosure'] [data-transition-id='disclosure.open|ESCAPE|0']")).toHaveAttribute(
    "aria-label",
    /in the replayed visit\)$/,
  );

  // The event log's export is the tab's own window.dataLayer, page context and all: pasted, it replays the same,
  // with nothing to ask.
  await panel.getByLabel(/^Data-layer log \(JSON\)/).fill(inspectorLog);
  await panel.getByRole("button", { name: "Replay", exact: true }).click();
  await expect(panel.getByRole("combobox")).toHaveCount(0);
  await expectOnlyPageEventsUnmatched();
  await expectSameStates();

  expect(requests).toEqual([]);
  await analyst.close();
});

test("a log that is not one says so, and replays nothing", async ({ page }) => {
  await page.goto("/machines");
  const panel = page.getByRole("region", { name: "Replay a recorded visit" });
  await expect(page.locator("[data-replay-panel]")).toHaveAttribute("data-engine", "ready");
  await panel.getByLabel(/^Data-layer log \(JSON\)/).fill('{"events": []}');
  await panel.getByRole("button", { name: "Replay", exact: true }).click();
  await expect(panel.getByRole("alert")).toHaveText(/^Expected a JSON array of data-layer entries \(window\.dataLayer\)/);
  await panel.getByLabel(/^Data-layer log \(JSON\)/).fill("[{");
  await panel.getByRole("button", { name: "Replay", exact: true }).click();
  await expect(panel.getByRole("alert")).toHaveText(/^The log is not JSON: /);
  await expect(panel.getByRole("list", { name: "Timeline of the visit" })).toHaveCount(0);
});
