/**
 * Spec §2: "Any route whose name contains webview is a web-view page", and the viewport meta uses
 * maximum-scale=1 in web view. Route ids come from remix-flat-routes folders (`app/routes/booking+/times.tsx`
 * is `routes/booking+/times`), so this proves the rule on ids made by the app's own remix.config.js, and
 * renders them through Remix's request handler with the real root document and entry.server: a web-view
 * route's page locks zoom, hides the site chrome and the cookie banner; any other page does not.
 * The app has no web-view route yet (the spec names none), so fixture route files stand in for them.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/process";
import { appRoutes, type AppRoute } from "../helpers/routes";

process.env.SESSION_SECRET ??= "web-view-routes-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "web-view-data-"));

const { createRequestHandler } = await import("@remix-run/node");
const { isWebView } = await import("~/rules/web-view");
const root = await import("~/root");
const entryServer = await import("~/entry.server");
const about = await import("~/routes/_marketing+/$slug");
// The booking pages' layout (step header): the parent of a web-view route in booking+.
const bookingLayout = await import("~/routes/booking+/_layout");

type ServerBuild = import("@remix-run/node").ServerBuild;


/** Web-view pages as route files, in the places the folders allow a name to say "webview". */
const FIXTURES: Record<string, string> = {
  "booking+/webview.confirmed.tsx": "routes/booking+/webview.confirmed",
  "webview+/booking.times.tsx": "routes/webview+/booking.times",
  "_marketing+/about.WebView.tsx": "routes/_marketing+/about.WebView",
};

let fixtureRoot: string;
let fixtureRoutes: AppRoute[];
let realRoutes: AppRoute[];

beforeAll(async () => {
  // A copy of the app's route folders and config, plus the fixture route files.
  fixtureRoot = mkdtempSync(path.join(tmpdir(), "web-view-routes-"));
  cpSync(path.join(ROOT, "remix.config.js"), path.join(fixtureRoot, "remix.config.js"));
  cpSync(path.join(ROOT, "package.json"), path.join(fixtureRoot, "package.json"));
  symlinkSync(path.join(ROOT, "node_modules"), path.join(fixtureRoot, "node_modules"));
  cpSync(path.join(ROOT, "app/routes"), path.join(fixtureRoot, "app/routes"), { recursive: true });
  for (const file of ["root.tsx", "entry.client.tsx", "entry.server.tsx"]) cpSync(path.join(ROOT, "app", file), path.join(fixtureRoot, "app", file));
  for (const file of Object.keys(FIXTURES)) {
    const target = path.join(fixtureRoot, "app/routes", file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, "export default function WebViewFixture() {\n  return null;\n}\n");
    // a server module beside it is not a route (remix.config.js ignores *.server.*)
    writeFileSync(target.replace(/\.tsx$/, ".server.ts"), "export const x = 1;\n");
  }
  fixtureRoutes = appRoutes(fixtureRoot);
  realRoutes = appRoutes(ROOT);
}, 60_000);

afterAll(() => {
  if (fixtureRoot) rmSync(fixtureRoot, { recursive: true, force: true });
});

describe("route ids from the remix-flat-routes folders", () => {
  it("a route file whose name contains webview gets an id containing webview, and is a web-view page", () => {
    const ids = fixtureRoutes.map((r) => r.id);
    for (const id of Object.values(FIXTURES)) {
      expect(ids).toContain(id);
      expect(isWebView({ routeIds: ["root", id] })).toBe(true);
    }
    // its server module is not a route of its own
    expect(ids.filter((id) => id.endsWith(".server"))).toEqual([]);
  });

  it("no page of the app is a web-view page by its route id (only the web_view cookie makes one)", () => {
    const ids = realRoutes.map((r) => r.id);
    expect(ids).toContain("routes/booking+/times");
    expect(ids).toContain("routes/booking+/confirmed.$token");
    for (const id of ids) expect(isWebView({ routeIds: ["root", id] }), id).toBe(false);
  });
});

describe("the viewport meta through the real root document", () => {
  let handler: ReturnType<typeof createRequestHandler>;

  beforeAll(() => {
    const fixtureModule = { default: () => createElement("h1", null, "Web view fixture") };
    const modules: Record<string, object> = { root, "routes/_marketing+/$slug": about, "routes/booking+/_layout": bookingLayout };
    for (const id of Object.values(FIXTURES)) modules[id] = fixtureModule;
    const routes: ServerBuild["routes"] = {};
    const manifestRoutes: ServerBuild["assets"]["routes"] = {};
    for (const route of fixtureRoutes) {
      const module = modules[route.id];
      if (!module) continue;
      routes[route.id] = { ...route, module } as ServerBuild["routes"][string];
      manifestRoutes[route.id] = {
        ...route,
        module: `/build/${route.id}.js`,
        imports: [],
        hasAction: "action" in module,
        hasLoader: "loader" in module,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: "ErrorBoundary" in module,
      };
    }
    expect(Object.keys(routes).sort()).toEqual(["root", "routes/_marketing+/$slug", "routes/booking+/_layout", ...Object.values(FIXTURES)].sort());
    const build = {
      mode: "production",
      entry: { module: entryServer },
      routes,
      assets: { entry: { module: "/build/entry.client.js", imports: [] }, routes: manifestRoutes, url: "/build/manifest.js", version: "test" },
      publicPath: "/build/",
      assetsBuildDirectory: "public/build",
      future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true },
      isSpaMode: false,
    } as unknown as ServerBuild;
    handler = createRequestHandler(build, "production");
  });

  async function page(pathname: string, cookie?: string) {
    const res = await handler(new Request(`http://localhost${pathname}`, { headers: cookie ? { Cookie: cookie } : {} }), { nonce: "n" });
    // What the page shows, not its scripts: the data the page hydrates with carries the chrome's messages (decision 027).
    const html = (await res.text()).replace(/<script\b[\s\S]*?<\/script>/g, "");
    return { status: res.status, html, viewport: /<meta name="viewport" content="([^"]*)"/.exec(html)?.[1], setCookie: res.headers.get("set-cookie") ?? "" };
  }

  it("a route whose id contains webview renders with maximum-scale=1, without site chrome or cookie banner", async () => {
    for (const pathname of ["/booking/webview/confirmed", "/webview/booking/times", "/about/WebView"]) {
      const { status, html, viewport } = await page(pathname);
      expect(status, pathname).toBe(200);
      expect(viewport, pathname).toBe("width=device-width, initial-scale=1, maximum-scale=1");
      expect(html).toContain('class="web-view"');
      if (!pathname.startsWith("/about")) expect(html).toContain("Web view fixture");
      expect(html).not.toContain("Cookie notice");
      // The footer stays (support email, terms, privacy); the app store link does not: they are in the app.
      expect(html).toContain("mailto:support@example.com");
      expect(html).not.toContain("App Store");
    }
  });

  it("any other page renders with minimum-scale=1, unless the web_view cookie says true", async () => {
    const plain = await page("/about");
    expect(plain.status).toBe(200);
    expect(plain.viewport).toBe("width=device-width, initial-scale=1, minimum-scale=1");
    expect(plain.html).toContain("Cookie notice");
    expect(plain.html).toContain("Get the Studio Dental app on the App Store");
    expect((await page("/about", "web_view=true")).html).not.toContain("App Store");
    expect((await page("/about", "web_view=true")).viewport).toBe("width=device-width, initial-scale=1, maximum-scale=1");
    expect((await page("/about", "web_view=1")).viewport).toBe("width=device-width, initial-scale=1, minimum-scale=1");
  });

  it("entry.server answers the whole document as one string: the doctype first (standards mode), HTML, the nonce on the inline style and script (decision 019)", async () => {
    const res = await handler(new Request("http://localhost/about"), { nonce: "n0nce" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html.startsWith("<!DOCTYPE html><html lang=\"en-US\">")).toBe(true);
    expect(html).toMatch(/<style id="site-styles" nonce="n0nce"/);
    expect(html).toMatch(/<script nonce="n0nce"/);
    expect(html.endsWith("</html>")).toBe(true);
  });

  it("the server keeps web-view mode: a web-view route or the app's web_view=true is answered with the cookie set by us", async () => {
    expect((await page("/booking/webview/confirmed")).setCookie).toMatch(/web_view=true; Path=\/; HttpOnly; SameSite=Lax/);
    expect((await page("/about", "web_view=true")).setCookie).toMatch(/web_view=true/);
    expect((await page("/about")).setCookie).not.toMatch(/web_view/);
    expect((await page("/about", "web_view=1")).setCookie).not.toMatch(/web_view/);
  });
});
