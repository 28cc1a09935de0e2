// Route matching work is done once per build, not per request (issue 13; patches/ applied by `npm install`):
// React Router flattens and ranks a routes array once, compiles each path pattern once, keeps the answer for a
// path it has matched, and Remix's server render reuses its route objects. Observed through the work itself, never through timings: ranking a branch tests each
// path segment against React Router's parameter pattern /^:[\w-]+$/, compiling a path builds a RegExp.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { matchPath, matchRoutes, Outlet, RemixServer } from "@remix-run/react";
import { createRequestHandler, type ServerBuild } from "@remix-run/server-runtime";
import { afterEach, describe, expect, it, vi } from "vitest";

/** Counts the work matching does: branches ranked (segments scored) and path patterns compiled to a RegExp. */
function countMatchingWork() {
  const counts = { segmentsScored: 0, patternsCompiled: 0 };
  const test = RegExp.prototype.test;
  vi.spyOn(RegExp.prototype, "test").mockImplementation(function (this: RegExp, value: string) {
    if (this.source === "^:[\\w-]+$") counts.segmentsScored++;
    return test.call(this, value);
  });
  const NativeRegExp = RegExp;
  vi.stubGlobal(
    "RegExp",
    new Proxy(NativeRegExp, {
      construct(target, argumentList, newTarget) {
        counts.patternsCompiled++;
        return Reflect.construct(target, argumentList, newTarget) as object;
      },
    }),
  );
  return counts;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const pages = Array.from({ length: 40 }, (_, i) => `page-${i}`);

describe("React Router matching is computed once per routes array", () => {
  it("answers a path seen before without trying the routes one by one, and callers cannot change the kept answer", () => {
    const routes = [{ id: "root", path: "/", children: pages.map((p) => ({ id: p, path: `${p}/:slug` })) }];
    expect(matchRoutes(routes, "/page-39/x")?.map((m) => m.route.id)).toEqual(["root", "page-39"]);
    let patternsTried = 0;
    const match = String.prototype.match;
    vi.spyOn(String.prototype, "match").mockImplementation(function (this: string, pattern: { [Symbol.match](s: string): RegExpMatchArray | null }) {
      if (pattern instanceof RegExp && pattern.flags === "i") patternsTried++; // a compiled route path
      return match.call(this, pattern);
    });
    const again = matchRoutes(routes, "/page-39/x");
    expect(patternsTried).toBe(0);
    expect(again?.map((m) => [m.route.id, m.params.slug, m.pathname])).toEqual([
      ["root", "x", "/"],
      ["page-39", "x", "/page-39/x"],
    ]);
    (again![1].params as Record<string, string>).slug = "changed";
    expect(matchRoutes(routes, "/page-39/x")?.[1].params.slug).toBe("x");
    expect(matchRoutes(routes, "/page-38/y")?.[1].params.slug).toBe("y"); // a new path is matched
    expect(patternsTried).toBeGreaterThan(0);
  });

  it("matches the same routes again without re-ranking or recompiling, with the same answers", () => {
    const routes = [
      { id: "root", path: "/", children: [...pages.map((p) => ({ id: p, path: `${p}/:slug` })), { id: "index", index: true }, { id: "splat", path: "*" }] },
    ];
    expect(matchRoutes(routes, "/page-7/x")?.map((m) => [m.route.id, m.params.slug])).toEqual([
      ["root", "x"],
      ["page-7", "x"],
    ]);
    const counts = countMatchingWork();
    // Patterns are compiled when first tried: the first pass compiles what these paths try, later passes nothing.
    for (let pass = 0; pass < 3; pass++) {
      if (pass === 1) Object.assign(counts, { segmentsScored: 0, patternsCompiled: 0 });
      expect(matchRoutes(routes, "/page-39/y")?.map((m) => m.route.id)).toEqual(["root", "page-39"]);
      expect(matchRoutes(routes, "/")?.map((m) => m.route.id)).toEqual(["root", "index"]);
      expect(matchRoutes(routes, "/nowhere/at/all")?.map((m) => m.route.id)).toEqual(["root", "splat"]);
      expect(matchPath("/visits/:token", "/visits/abc")?.params).toEqual({ token: "abc" });
    }
    expect(counts).toEqual({ segmentsScored: 0, patternsCompiled: 0 });
  });
});

describe("a Remix document request ranks and compiles no routes after the first", () => {
  const Root = () => createElement("html", null, createElement("body", null, createElement(Outlet)));
  const Page = () => createElement("h1", null, "Page");
  const routeIds = ["root", ...pages.map((p) => `routes/${p}`)];
  const build = {
    mode: "production",
    basename: undefined,
    isSpaMode: false,
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true },
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, context: Parameters<typeof RemixServer>[0]["context"]) => {
          headers.set("Content-Type", "text/html");
          return new Response(`<!DOCTYPE html>${renderToString(createElement(RemixServer, { context, url: request.url }))}`, { status, headers });
        },
      },
    },
    routes: Object.fromEntries(
      routeIds.map((id) => [
        id,
        id === "root" ? { id, path: "", module: { default: Root } } : { id, parentId: "root", path: `${id.slice(7)}/:slug`, module: { default: Page } },
      ]),
    ),
    assets: {
      url: "/build/manifest.js",
      version: "1",
      entry: { module: "/build/entry.js", imports: [] },
      routes: Object.fromEntries(
        routeIds.map((id) => [
          id,
          {
            id,
            parentId: id === "root" ? undefined : "root",
            path: id === "root" ? "" : `${id.slice(7)}/:slug`,
            module: `/build/${id}.js`,
            hasAction: false,
            hasLoader: false,
            hasClientAction: false,
            hasClientLoader: false,
            hasErrorBoundary: false,
          },
        ]),
      ),
    },
  } as unknown as ServerBuild;

  it("serves the page on every request while the second and later requests do no matching work", async () => {
    const handler = createRequestHandler(build, "production");
    const first = await handler(new Request("http://localhost/page-39/x"));
    expect(await first.text()).toContain("<h1>Page</h1>");
    const counts = countMatchingWork();
    for (const path of ["/page-39/y", "/page-0/z", "/page-20/w", "/page-39/v"]) {
      const res = await handler(new Request(`http://localhost${path}`));
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<h1>Page</h1>");
    }
    expect(counts).toEqual({ segmentsScored: 0, patternsCompiled: 0 });
  });
});
