import { describe, expect, it } from "vitest";
import type { BridgeMessage } from "./bridge-protocol";
import { activeIds, initialChannelState, LOG_LIMIT, reduceChannel, type ChannelAction, type ChannelState } from "./inspector-channel";

// What /machines shows of the tabs it follows, from the channel's messages alone: the running actors, one
// log entry per event with what it emitted and the arrows it took, and each actor's flash.

const tab = { tabId: "t1", page: "/paris", at: 1 };
const header = { ...tab, actorId: "t1:1", machineId: "header" };
const menu = { ...tab, actorId: "t1:2", machineId: "disclosure" };

const snapshot = (actor: typeof header, value: unknown): BridgeMessage => ({ kind: "snapshot", ...actor, value, context: {}, status: "active" });
const event = (actor: typeof header, type: string): BridgeMessage => ({ kind: "event", ...actor, event: { type } });
const emitted = (actor: typeof header, type: string): BridgeMessage => ({ kind: "emitted", ...actor, event: { type } });
const transitions = (actor: typeof header, ids: string[]): BridgeMessage => ({ kind: "transitions", ...actor, eventType: "X", transitions: ids });

const run = (actions: ChannelAction[], from: ChannelState = initialChannelState) => actions.reduce(reduceChannel, from);

describe("the /machines channel reducer", () => {
  it("keeps each running actor's latest snapshot, and forgets a stopped one", () => {
    const state = run([snapshot(header, "idle"), snapshot(menu, "closed"), snapshot(header, "scrolled")]);
    expect(Object.keys(state.live).sort()).toEqual(["t1:1", "t1:2"]);
    expect(state.live["t1:1"]?.value).toBe("scrolled");
    const stopped = reduceChannel(state, { kind: "stopped", tabId: "t1", actorId: "t1:2", at: 2 });
    expect(Object.keys(stopped.live)).toEqual(["t1:1"]);
  });

  it("logs one entry per event, newest first, with what it emitted and each arrow it took once", () => {
    const state = run([
      event(header, "SCROLLED"),
      event(menu, "TOGGLE"),
      emitted(menu, "menu_opened"),
      transitions(menu, ["disclosure.closed.TOGGLE"]),
      transitions(menu, ["disclosure.closed.TOGGLE", "disclosure.open.entry"]),
      transitions(header, ["header.flat.SAMPLE"]),
    ]);
    expect(state.log.map(({ machineId, event, emitted, transitions }) => ({ machineId, event, emitted, transitions }))).toEqual([
      { machineId: "disclosure", event: "TOGGLE", emitted: ["menu_opened"], transitions: ["disclosure.closed.TOGGLE", "disclosure.open.entry"] },
      { machineId: "header", event: "SCROLLED", emitted: [], transitions: ["header.flat.SAMPLE"] },
    ]);
    expect(state.log[0]!.n).toBeGreaterThan(state.log[1]!.n);
  });

  it("names an event without a type '?', and drops what an actor without an entry emitted", () => {
    const state = run([emitted(header, "header_shadow_changed"), { kind: "event", ...header, event: null }]);
    expect(state.log.map((e) => [e.event, e.emitted])).toEqual([["?", []]]);
  });

  it(`keeps the newest ${LOG_LIMIT} entries`, () => {
    const state = run(Array.from({ length: LOG_LIMIT + 1 }, (_, i) => event(header, `E${i}`)));
    expect(state.log).toHaveLength(LOG_LIMIT);
    expect(state.log[0]?.event).toBe(`E${LOG_LIMIT}`);
    expect(state.log.at(-1)?.event).toBe("E1");
  });

  it("flashes an actor's arrows until its flash ends, with a new key for each microstep", () => {
    const first = run([transitions(header, ["a"])]);
    const second = reduceChannel(first, transitions(header, ["b"]));
    expect([...second.flashes["t1:1"]!.ids]).toEqual(["a", "b"]);
    expect(second.flashes["t1:1"]!.key).not.toBe(first.flashes["t1:1"]!.key);
    const withMenu = reduceChannel(second, transitions(menu, ["c"]));
    const ended = reduceChannel(withMenu, { kind: "flash-ended", actorId: "t1:1" });
    expect(Object.keys(ended.flashes)).toEqual(["t1:2"]);
  });

  it("leaves the state as it is for the messages between tabs", () => {
    const state = run([event(header, "SCROLLED")]);
    expect(reduceChannel(state, { kind: "hello" })).toBe(state);
    expect(reduceChannel(state, { kind: "export-request", tabId: "t1" })).toBe(state);
  });
});

describe("a snapshot's active states", () => {
  it("names every state of a nested value with its ancestors", () => {
    expect([...activeIds("header", { throttle: "ready", elevation: { raised: "idle" } })].sort()).toEqual(
      ["header", "header.elevation", "header.elevation.raised", "header.elevation.raised.idle", "header.throttle", "header.throttle.ready"].sort(),
    );
    expect([...activeIds("popup", "closed")]).toEqual(["popup", "popup.closed"]);
  });
});
