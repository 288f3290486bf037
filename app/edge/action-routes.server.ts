import type { ServerBuild } from "@remix-run/node";
import type { PostPaths } from "~/edge/guard.server";

// The paths that take a POST, read from the server build: a route takes one when its module exports an
// action, so adding or removing an action needs no second list (decision 027).

/** The URL path of each route that exports an action ("/consent"); start-up fails on one the guard cannot match. */
export function postPaths(routes: ServerBuild["routes"]): PostPaths {
  const paths = new Set<string>();
  for (const [id, route] of Object.entries(routes)) {
    if (!route?.module.action) continue;
    const segments: string[] = [];
    for (let at: typeof route | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
      if (at.path) segments.unshift(at.path);
    }
    const path = `/${segments.join("/")}`.replace(/\/+/g, "/");
    // The guard matches a POST by its exact path; a dynamic segment would need the router's matching.
    if (/[:*]/.test(path)) throw new Error(`route ${id} exports an action on a dynamic path (${path}): the guard matches POST paths exactly`);
    paths.add(path);
  }
  return paths;
}
