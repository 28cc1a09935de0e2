import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";

/**
 * The Remix route pattern a path matches (`/booking/confirmed/:token`), as Remix itself ranks them: what logs
 * and metrics name a request by. Never the raw path, which may hold a token and has no bound on its values.
 */
export function routePatterns(routes: ServerBuild["routes"]): (path: string) => string {
  type Node = AgnosticRouteObject & { pattern: string; children?: Node[] };
  const byParent = new Map<string | undefined, ServerBuild["routes"][string][]>();
  for (const route of Object.values(routes)) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  const tree = (parentId: string | undefined, parentPattern: string): Node[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const pattern = route.path ? `${parentPattern.replace(/\/$/, "")}/${route.path}` : parentPattern;
      const children = tree(route.id, pattern);
      return { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, pattern, ...(children.length ? { children } : {}) } as Node;
    });
  const root = tree(undefined, "/");
  return (path) => {
    const matches = matchRoutes(root, path);
    return (matches?.at(-1)?.route as Node | undefined)?.pattern ?? "unmatched";
  };
}
