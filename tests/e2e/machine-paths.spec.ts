import type { Browser, BrowserContext, CDPSession, Page, TestInfo } from "@playwright/test";
import { INSPECT_CHANNEL } from "../../app/inspector/bridge-protocol";
import { machineTransitions } from "../../machines/machine-graph";
import { transitionPaths, type ModelEvent, type PathStep, type TransitionPath } from "../../machines/transition-paths";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";
import { E2E_PORT, expect, test, VISITOR_AGENTS } from "./fixtures";
import { recordMachineTransitions } from "./machine-coverage";
import { delayOf, DRIVERS, HeldRequests, type MachineDriver, type Setup, type World } from "./machine-paths/drivers";

// Path tests (docs/machines.md, "Path tests"): every machine walked along paths generated from its own
// graph (machines/transition-paths.ts), which together take every transition. Each path is a test: a
// real storefront page, each event of the path done by a visitor action (machine-paths/drivers.ts),
// and after every step the transitions the page's actor took, its state (both from the inspection
// bridge, as /machines sees them) and the catalogue events pushed to window.dataLayer, in order, as
// the model says. One page per setup serves all its paths: each path starts by loading it afresh.

type Recorded = { kind: "transitions" | "snapshot"; actorId: string; machineId: string; transitions?: string[]; value?: unknown };
type Pushed = { event?: unknown };
declare global {
  interface Window {
    __machinePaths?: Recorded[];
  }
}

/** In every page of a session: what the inspection bridge says about each actor, in order. */
function recordBridge(channelName: string) {
  const log: Recorded[] = [];
  window.__machinePaths = log;
  new BroadcastChannel(channelName).onmessage = ({ data }: MessageEvent<Recorded>) => {
    if (data?.kind === "transitions" || data?.kind === "snapshot")
      log.push({ kind: data.kind, actorId: data.actorId, machineId: data.machineId, transitions: data.transitions, value: data.value });
  };
}

function describeEvent(machine: MachineDriver["machine"], event: ModelEvent): string {
  const delay = delayOf(machine, event);
  if (delay !== null) return `${delay} ms pass`;
  const invoked = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (invoked) return `${invoked[2]} ${invoked[1] === "done" ? "succeeds" : "fails"}`;
  const data = Object.entries(event)
    .filter(([key]) => key !== "type")
    .map(([key, value]) => {
      if (value && typeof value === "object" && "id" in value)
        return `${key} ${String((value as { id: unknown }).id)}${"autoClose" in value && !value.autoClose ? " (stays)" : ""}`;
      return `${key}=${value instanceof Error ? value.message : JSON.stringify(value)}`;
    });
  return data.length ? `${event.type}(${data.join(", ")})` : event.type;
}

interface Mark {
  messages: number;
  pushed: number;
}

class Session {
  private errors: string[] = [];
  private readonly held: Record<string, HeldRequests> = {};
  private constructor(
    private readonly driver: MachineDriver,
    private readonly setup: Setup,
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly cdp: CDPSession,
    private readonly ownBrowser: Browser | null,
    private readonly writeCoverage: (testInfo: TestInfo) => Promise<void>,
  ) {
    page.on("console", (message) => {
      if (message.type() === "error") this.errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => this.errors.push(`pageerror: ${error.message}`));
  }

  static async open(driver: MachineDriver, setup: Setup, browser: Browser, launch: () => Promise<Browser>): Promise<Session> {
    const ownBrowser = setup.popupBlocker ? await launch() : null;
    const context = await (ownBrowser ?? browser).newContext({
      baseURL: `http://localhost:${E2E_PORT}`,
      userAgent: VISITOR_AGENTS[setup.agent],
      viewport: setup.viewport,
      extraHTTPHeaders: { "cloudfront-viewer-country": setup.country ?? "US" },
      ...(setup.permissions ? { permissions: setup.permissions } : {}),
    });
    const writeCoverage = await recordMachineTransitions(context, "paths");
    await context.addInitScript(recordBridge, INSPECT_CHANNEL);
    await setup.routes?.(context);
    const page = await context.newPage();
    const session = new Session(driver, setup, context, page, await context.newCDPSession(page), ownBrowser, writeCoverage);
    for (const [name, pattern] of Object.entries(setup.hold ?? {})) {
      session.held[name] = new HeldRequests();
      await context.route(pattern, session.held[name].handler);
    }
    if (setup.clock) await context.clock.install();
    return session;
  }

  async close(): Promise<void> {
    await this.context.close();
    await this.ownBrowser?.close();
  }

  /**
   * Runs a function in the page as the page's own script would, with no user gesture: Playwright's
   * evaluate and locators count as one, and a recent gesture would let the popup blocker pass a popup.
   */
  private async script<T, A>(fn: (arg: A) => T, arg: A): Promise<T> {
    const { result, exceptionDetails } = await this.cdp.send("Runtime.evaluate", {
      expression: `(${fn.toString()})(${JSON.stringify(arg)})`,
      returnByValue: true,
      awaitPromise: true,
      userGesture: false,
    });
    if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as T;
  }

  private async mark(): Promise<Mark> {
    return this.script(
      () => ({ messages: window.__machinePaths?.length ?? 0, pushed: (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0 }),
      null,
    );
  }

  /** What the machine's actors did since `mark`, and the machine's catalogue events pushed since then. */
  private async since(mark: Mark) {
    const machineId = this.driver.machine.id;
    return this.script(
      ({ mark, machineId }: { mark: Mark; machineId: string }) => {
        const all = (window.__machinePaths ?? []).filter((m) => m.machineId === machineId);
        const recent = (window.__machinePaths ?? []).slice(mark.messages).filter((m) => m.machineId === machineId);
        const transitions: Record<string, string[]> = {};
        for (const m of recent) if (m.kind === "transitions") (transitions[m.actorId] ??= []).push(...(m.transitions ?? []));
        const values: Record<string, unknown> = {};
        for (const m of all) if (m.kind === "snapshot") values[m.actorId] = m.value;
        const pushed = ((window as unknown as { dataLayer?: Pushed[] }).dataLayer ?? []).slice(mark.pushed).map((e) => e?.event);
        return { transitions, values, pushed: pushed.filter((name): name is string => typeof name === "string") };
      },
      { mark, machineId },
    );
  }

  async run(path: TransitionPath, testInfo: TestInfo): Promise<void> {
    const { page, context, setup, driver } = this;
    const emits = new Set(machineTransitions(driver.machine).map((t) => t.emits));
    let actor: string | null = null;
    this.errors = [];
    for (const held of Object.values(this.held)) held.clear();
    const world: World = {
      page,
      context,
      before: { value: null, context: null },
      now: 0,
      memory: {},
      held: this.held,
      script: (source) => this.script((code: string) => void new Function(code)(), source),
      advance: async (ms) => {
        const whole = Math.max(1, Math.round(ms));
        await page.clock.runFor(whole);
        world.now += whole;
      },
    };

    const expectStep = async (label: string, mark: Mark, step: Pick<PathStep, "transitions" | "value" | "pushed">) => {
      const poll = { intervals: [20, 50, 100, 250], timeout: 5000 };
      await expect
        .poll(
          async () => {
            const { transitions } = await this.since(mark);
            // The actor the path follows is the one that took the first step's transitions.
            actor ??= Object.keys(transitions).find((id) => JSON.stringify(transitions[id]) === JSON.stringify(step.transitions)) ?? null;
            return actor ? (transitions[actor] ?? []) : (Object.values(transitions)[0] ?? []);
          },
          { ...poll, message: `${label}: the transitions taken` },
        )
        .toEqual(step.transitions);
      if (actor) await expect.poll(async () => (await this.since(mark)).values[actor!], { ...poll, message: `${label}: the state` }).toEqual(step.value);
      await expect
        .poll(async () => (await this.since(mark)).pushed.filter((name) => emits.has(name)), {
          ...poll,
          message: `${label}: the events pushed to the data layer`,
        })
        .toEqual(step.pushed);
    };

    try {
      // A fresh page: top of the page, the setup's window, online, no stored choices, the clock running.
      if (setup.clock) await page.clock.resume();
      // The browser would scroll the page back to where the last path left it.
      if (page.url().startsWith("http")) await this.script(() => window.scrollTo(0, 0), null);
      await Promise.all([
        context.setOffline(false),
        context.clearCookies(),
        page.setViewportSize(setup.viewport),
        page.emulateMedia({ reducedMotion: "no-preference" }),
      ]);
      await page.goto(setup.url);
      await expect.poll(() => this.script(() => document.documentElement.hasAttribute("data-hydrated"), null), { message: "hydrated" }).toBe(true);
      await setup.prepare?.(world);
      // The bridge is attached once it has told what this machine's actors are.
      await expect
        .poll(async () => Object.keys((await this.since({ messages: 0, pushed: 0 })).values).length, { message: "the inspection bridge" })
        .toBeGreaterThan(0);
      if (setup.clock) await page.clock.pauseAt((await this.script(() => Date.now(), null)) + 1000);
      await expectStep("loading the page", { messages: 0, pushed: 0 }, path.arrival ?? { transitions: [], value: undefined, pushed: [] });

      for (const [i, step] of path.steps.entries()) {
        const label = `step ${i + 1}, ${describeEvent(driver.machine, step.event)}`;
        const action = driver.actions[step.event.type];
        const delay = delayOf(driver.machine, step.event);
        if (!action && delay === null)
          throw new Error(
            `${label}: no visitor action is mapped for ${step.event.type}; add one to the ${driver.machine.id} driver in tests/e2e/machine-paths/drivers.ts`,
          );
        const mark = await this.mark();
        world.before = i === 0 ? path.start : path.steps[i - 1]!;
        if (action) await action(step.event, world);
        else await world.advance(delay!);
        await expectStep(label, mark, step);
      }
    } finally {
      await this.writeCoverage(testInfo);
    }
    const unexpected = this.errors.filter((error) => !(setup.expectedErrors ?? []).some((pattern) => pattern.test(error)));
    expect(unexpected, "console errors").toEqual([]);
  }
}

for (const driver of DRIVERS) {
  // Each setup runs the paths that take transitions the setups before it did not.
  const planned = new Set<string>();
  const setups = driver.setups.map((setup) => {
    const paths = transitionPaths(setup.model).paths.filter((path) => path.covers.some((id) => !planned.has(id)));
    for (const path of paths) for (const id of [...(path.arrival?.transitions ?? []), ...path.steps.flatMap((s) => s.transitions)]) planned.add(id);
    return { setup, paths };
  });

  test.describe(`${driver.machine.id}: paths from its graph`, () => {
    test("every transition has a path", () => {
      expect(
        machineTransitions(driver.machine)
          .map((t) => t.key)
          .filter((id) => !planned.has(id)),
        "transitions no path takes: give the driver's model the fact that reaches them, and an action for it",
      ).toEqual([]);
    });

    for (const { setup, paths } of setups) {
      test.describe(setup.name, () => {
        // One page for the setup's paths, in order; a failed path gets a fresh page for the next.
        test.describe.configure({ mode: "default" });
        let session: Session | null = null;
        test.beforeAll(async ({ browser, playwright }) => {
          session = await Session.open(driver, setup, browser, () =>
            playwright.chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ignoreDefaultArgs: ["--disable-popup-blocking"] }),
          );
        });
        test.afterAll(async () => session?.close());

        for (const path of paths) {
          const steps = path.steps.map((s) => describeEvent(driver.machine, s.event)).join(" → ") || "load the page";
          // eslint-disable-next-line no-empty-pattern
          test(`${steps} (takes ${path.covers.join(", ")})`, async ({}, testInfo) => {
            await session!.run(path, testInfo);
          });
        }
      });
    }
  });
}
