import { execFileSync } from "node:child_process";
import { ROOT } from "./process";

export type AppRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/**
 * The routes remix.config.js makes from an app directory, read as the compiler does (their ids are what
 * useMatches() reports). In a process of its own: remix-flat-routes finds `app/` from the working directory.
 */
export function appRoutes(remixRoot: string = ROOT): AppRoute[] {
  const script = `
    import { readConfig } from "@remix-run/dev/dist/config.js";
    const config = await readConfig(process.cwd(), "production");
    const routes = Object.values(config.routes).map(({ id, parentId, path, index, caseSensitive }) => ({ id, parentId, path, index, caseSensitive }));
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
