import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { AnyActorRef, AnyStateMachine, EventFrom, InputFrom, Observer, SnapshotFrom, Subscription } from "xstate";
import { nextTask, whenIdle } from "../../../tracking/task-scheduling";
import { track } from "../../../tracking/track";
import type { EventName, EventProperties } from "../../../tracking/catalogue";
import { inspectionEnabled, inspectObserver } from "~/inspector/inspect-sink";

// The one adapter between machines and components, and between machines and tracking.
//
// XState and the machines are not in a page's initial JavaScript: server render and hydration only need
// each machine's starting point, which the component states itself (what its selector answers for
// `undefined`). The
// machines arrive in one chunk (machines/storefront-machines.ts) once the browser is idle after
// hydration, or at once when a visitor does something. Until then events wait in order, so nothing a
// visitor does is lost and every transition is still tracked. Each actor starts in its own task, so
// starting thirty of them is thirty short tasks, not one long one.

export type StorefrontMachines = typeof import("../../../machines/storefront-machines");

let machines: Promise<StorefrontMachines> | null = null;
/** The machines' chunk, fetched once per page. */
export function loadStorefrontMachines(): Promise<StorefrontMachines> {
  return (machines ??= import("../../../machines/storefront-machines"));
}

/** Every event a machine emits (a catalogue event, typed through `types.emitted`) goes to track(). */
export function forwardToTracking(actor: AnyActorRef): () => void {
  const subscription = actor.on("*", (emitted: { type: string }) => {
    const { type, ...properties } = emitted;
    try {
      track(type as EventName, properties as EventProperties<EventName>);
    } catch (error) {
      // An invalid event is a bug for developers; the visitor's page keeps working.
      console.error(error);
    }
  });
  return () => subscription.unsubscribe();
}

type Running<M extends AnyStateMachine> = { send(event: EventFrom<M>): void; getSnapshot(): SnapshotFrom<M>; subscribe(observer: Observer<SnapshotFrom<M>>): Subscription };

/** A machine's actor that may not exist yet: `getSnapshot()` is undefined until the machine's code has arrived. */
export class DeferredActor<M extends AnyStateMachine> {
  private running: Running<M> | null = null;
  private queue: Array<EventFrom<M>> = [];
  private listeners = new Set<() => void>();
  /** Set by the hook: start loading now rather than when the browser is idle. */
  wake: () => void = () => {};

  /** An event from the visitor: delivered now, or as soon as the machine runs (which starts at once). */
  send = (event: EventFrom<M>): void => {
    this.sendWhenReady(event);
    if (!this.running) this.wake();
  };

  /** A fact from the page (a scroll position, a width): delivered now, or when the machine runs. */
  sendWhenReady = (event: EventFrom<M>): void => {
    if (this.running) this.running.send(event);
    else this.queue.push(event);
  };

  getSnapshot = (): SnapshotFrom<M> | undefined => this.running?.getSnapshot();

  /** For useSyncExternalStore: called after every snapshot change, including the first. */
  subscribe = (onChange: () => void): (() => void) => {
    this.listeners.add(onChange);
    return () => void this.listeners.delete(onChange);
  };

  /** Called once the actor has started: queued events go first, in the order they came. */
  attach(actor: Running<M>): () => void {
    this.running = actor;
    const subscription = actor.subscribe({ next: () => this.notify(), error: () => this.notify() });
    const waiting = this.queue;
    this.queue = [];
    this.notify();
    for (const event of waiting) actor.send(event);
    return () => {
      subscription.unsubscribe();
      this.running = null;
    };
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }
}

const IDLE_TIMEOUT_MS = 2000;

/**
 * The actor of the machine `pick` chooses (and provides DOM actions to), with its emitted events
 * forwarded to tracking. `input` is read when the actor starts, so it carries the latest facts.
 */
export function useTrackedActor<M extends AnyStateMachine>(pick: (machines: StorefrontMachines) => M, input?: InputFrom<M>): DeferredActor<M> {
  const [deferred] = useState(() => new DeferredActor<M>());
  const latest = useRef({ pick, input });
  latest.current = { pick, input };

  useEffect(() => {
    let cancelled = false;
    let stop = () => {};
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      loadStorefrontMachines().then(
        async (loaded) => {
          await nextTask();
          if (cancelled) return;
          const { pick: choose, input: currentInput } = latest.current;
          const actor = loaded.createActor(choose(loaded), {
            ...(currentInput === undefined ? {} : { input: currentInput }),
            ...(inspectionEnabled() ? { inspect: inspectObserver } : {}),
          });
          const stopTracking = forwardToTracking(actor);
          actor.start();
          const detach = deferred.attach(actor as unknown as Running<M>);
          stop = () => {
            detach();
            stopTracking();
            actor.stop();
          };
        },
        (error: unknown) => {
          // The chunk failed to arrive (offline, a new deploy): the page keeps its plain behaviour.
          console.warn("behaviour machines could not load", error);
        },
      );
    };
    deferred.wake = start;
    const cancelIdle = whenIdle(start, IDLE_TIMEOUT_MS);
    return () => {
      cancelled = true;
      cancelIdle();
      deferred.wake = () => {};
      stop();
    };
  }, [deferred]);

  return deferred;
}

/** For useSyncExternalStore when there is nothing to subscribe to. */
export const noSubscription = () => () => {};

/**
 * What `select` reads from the actor's snapshot, re-rendering only when that answer changes. Before
 * the machine runs (and on the server) `select` gets `undefined` and answers with the machine's
 * starting point. Return primitives or references held by the snapshot, never fresh objects.
 *
 * Not @xstate/react's useSelector: that module imports xstate itself, which puts the 13 KB runtime back
 * into every page's initial JavaScript (measured: 140 KB → 135.5 KB instead of 122 KB).
 */
export function useActorSelector<M extends AnyStateMachine, T>(actor: DeferredActor<M> | null | undefined, select: (snapshot: SnapshotFrom<M> | undefined) => T): T {
  return useSyncExternalStore(
    actor ? actor.subscribe : noSubscription,
    () => select(actor?.getSnapshot()),
    () => select(undefined),
  );
}
