import { execFileSync } from "node:child_process";
import { ROOT } from "./process";

export type AppRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/**
 * The routes remix.config.js makes from an app directory, as the compiler reads them (their ids are what useMatches()
 * reports): the root, then the config's `routes` through Remix's public `defineRoutes`, each without a parent under the
 * root (as @remix-run/dev's readConfig does; its module is not public API). In a process of its own: remix-flat-routes
 * finds `app/` from the working directory.
 */
export function appRoutes(remixRoot: string = ROOT): AppRoute[] {
  const script = `
    import { pathToFileURL } from "node:url";
    import { UNSAFE_defineRoutes } from "@remix-run/dev";
    const { default: config } = await import(pathToFileURL(process.cwd() + "/remix.config.js").href);
    const defined = Object.values(await config.routes(UNSAFE_defineRoutes));
    const routes = [{ id: "root", path: "" }, ...defined.map(({ id, parentId, path, index, caseSensitive }) => ({ id, parentId: parentId || "root", path, index, caseSensitive }))];
    process.stdout.write(JSON.stringify(routes));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: remixRoot,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return JSON.parse(out) as AppRoute[];
}

/** A route's URL path, its parents' paths included, with each `:param` given by `param` and `*` by `splat`. */
export function urlOf(routes: AppRoute[], route: AppRoute, param: (name: string) => string, splat = "no-such-page"): string {
  const parts: string[] = [];
  for (let r: AppRoute | undefined = route; r; r = routes.find((p) => p.id === r!.parentId)) if (r.path) parts.unshift(r.path);
  const path = parts
    .join("/")
    .split("/")
    .map((segment) => (segment === "*" ? splat : segment.startsWith(":") ? param(segment.slice(1).replace(/\?$/, "")) : segment))
    .join("/");
  return `/${path}`;
}
