import { lazy, memo, startTransition, Suspense, useEffect, useState, type ComponentType } from "react";
import { useHydratedMarker } from "./app-ready";

// A lazy island: a part of the page whose code is not in the initial JavaScript
// (docs/decisions/052-first-load-holds-what-first-paint-and-tap-need.md, after decision 032's consent banner). The
// server renders it with the page, in a Suspense boundary; the browser hydrates it once its own chunk has arrived
// (React 18 selective hydration). Until then the page shows the server's HTML, and the early-input catcher, which
// stays open until every island has hydrated (app-ready.tsx), holds its taps and pushes its described events.

const islandLoads: Array<() => Promise<unknown>> = [];

/**
 * Every island's code, fetched once per process. The server awaits it before its synchronous render
 * (entry.server), so the render holds each island whole rather than its fallback; unit tests that render one do too.
 */
export const loadIslands = (): Promise<unknown> => Promise.all(islandLoads.map((load) => load()));

// A constant per environment (as in use-tracked-actor.ts): the browser must always render the lazy component, or
// an island would be mounted again when its chunk arrives. The server renders the loaded component directly:
// `React.lazy` renders in the same pass only through a thenable that calls back synchronously, which leans on how
// React reads a lazy component's payload.
const onServer = typeof window === "undefined";

/** A chunk that does not arrive (the visitor went offline) leaves its islands as the server's HTML, answered by the platform. */
const ignoreFailedChunk = () => undefined;

/** The island of `load`'s component: the same props, rendered by the server, hydrated when its chunk is here. */
export function lazyIsland<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  // Once one island's code is here, every island's is asked for (one chunk, islands.ts): a page reached inside the
  // app then renders its islands at once, never their empty fallback.
  const fetch = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      loadIslands().catch(ignoreFailedChunk);
      return component;
    }));
  islandLoads.push(fetch);
  const Lazy = lazy(() => fetch().then((component) => ({ default: component })));

  /**
   * Until its chunk is here, the island is the element first rendered, whatever renders in between: a render that
   * reached it before React had hydrated it would make React give up hydrating it (error 421) and draw it again
   * (the ledger in docs/decisions/README.md). Once the chunk is here, it follows its props.
   */
  return memo(function Island(props: P) {
    const Component = (onServer && loaded ? loaded : Lazy) as ComponentType<P>;
    const [marker, giveUp] = useHydratedMarker();
    const element = (
      <Suspense fallback={null}>
        <Component {...props} />
        {marker}
      </Suspense>
    );
    const [hydrating] = useState(element);
    const [, followProps] = useState(false);
    useEffect(() => {
      // Without its code the island stays the server's HTML, and the page is ready without it.
      if (!loaded) fetch().then(() => startTransition(() => followProps(true)), giveUp);
    }, [giveUp]);
    return loaded ? element : hydrating;
  }) as unknown as ComponentType<P>;
}
