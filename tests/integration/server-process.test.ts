import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { ROOT, runNode, startServer, stop, waitFor, type ServerChild } from "../helpers/process";

// The real server process, started like production (`node --import tsx server.ts`) against the build
// that `npm test` makes before vitest runs.
const dirs: string[] = [];
const children: ServerChild[] = [];
function tmpDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "dental-server-"));
  dirs.push(dir);
  return dir;
}

beforeAll(() => {
  if (!existsSync(path.join(ROOT, "build/index.js"))) throw new Error("No build: run `npx remix build` first");
});
afterAll(async () => {
  for (const child of children) await stop(child, "SIGKILL").catch(() => {});
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function server(env: Record<string, string>) {
  const child = await startServer(env);
  children.push(child);
  return child;
}

describe("configuration errors", () => {
  it("PORT=abc exits non-zero and names PORT", async () => {
    const child = runNode("server.ts", { PORT: "abc", DATA_DIR: tmpDataDir() });
    const code = await Promise.race([child.exited, new Promise((r) => setTimeout(() => r("timeout"), 20_000))]);
    expect(code).not.toBe(0);
    expect(code).not.toBe("timeout");
    expect(child.stderr()).toMatch(/\bPORT\b/);
  });
});

describe("a production server on a PGlite data dir", () => {
  let dataDir: string;
  let first: ServerChild;

  beforeAll(async () => {
    dataDir = tmpDataDir();
    first = await server({ DATA_DIR: dataDir, NODE_ENV: "production", SITE_ORIGIN: "https://dental.example.com" });
  });

  it("answers /healthz with 200", async () => {
    const res = await fetch(`${first.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("sends the security headers, with a fresh CSP nonce used by the page's scripts", async () => {
    const res = await fetch(`${first.url}/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    const html = await res.text();
    expect(html).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${first.url}/about`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce!);
    // Headers are on every response, not only on pages.
    const health = await fetch(`${first.url}/healthz`);
    expect(health.headers.get("x-content-type-options")).toBe("nosniff");
    expect(health.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("inlines the site's stylesheets under the nonce: no render-blocking stylesheet request holds the first paint (decision 013)", async () => {
    const res = await fetch(`${first.url}/booking/markets`);
    const nonce = /style-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const style = new RegExp(`<style id="site-styles" nonce="${nonce!.replace(/[+/=]/g, "\\$&")}">([^<]*)</style>`).exec(head)?.[1] ?? "";
    // tokens.css, app.css and account.css, in that order (the tokens first: the others use them).
    expect(style.indexOf("--green-900")).toBeGreaterThanOrEqual(0);
    expect(style.indexOf(".cookie-banner")).toBeGreaterThan(style.indexOf("--green-900"));
    expect(style).toContain(".account-corner");
  });

  it("asks for no script while the document arrives: its inline module starts the page's scripts after the first paint (decision 014)", async () => {
    const html = await (await fetch(`${first.url}/booking/markets`)).text();
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    const starter = /<script nonce="[^"]+" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(starter).toContain("requestAnimationFrame(() => setTimeout(start, 0))");
    // What it loads is the page's own build: the entry, the root and the route, each served.
    const scripts = [...new Set(starter.match(/\/build\/[^"]+\.js/g) ?? [])];
    expect(scripts.some((src) => src.includes("/entry.client-"))).toBe(true);
    expect(scripts.some((src) => src.includes("/root-"))).toBe(true);
    expect(scripts.some((src) => src.includes("/markets-"))).toBe(true);
    for (const src of scripts) expect((await fetch(`${first.url}${src}`)).status, src).toBe(200);
  });

  it("compresses pages with brotli (gzip for the others) and sends the build's pre-compressed scripts, each with Vary: Accept-Encoding", async () => {
    const raw = (url: string, acceptEncoding: string) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        request(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on("error", reject)
          .end();
      });
    const html = await (await fetch(`${first.url}/booking/markets`)).text();
    const script = /\/build\/entry\.client-[^"]+\.js/.exec(html)?.[0];
    expect(script).toBeTruthy();
    for (const [accept, expected] of [["gzip, deflate, br", "br"], ["gzip", "gzip"], ["identity", undefined]] as const) {
      for (const path of ["/booking/markets", script!]) {
        const res = await raw(`${first.url}${path}`, accept);
        expect(res.status, `${path} ${accept}`).toBe(200);
        expect(res.headers["content-encoding"], `${path} ${accept}`).toBe(expected);
        expect(String(res.headers.vary), `${path} ${accept}`).toContain("Accept-Encoding");
      }
    }
    // The script's copy comes from the build (no per-request compression): its length is known up front.
    expect((await raw(`${first.url}${script}`, "br")).headers["content-length"]).toMatch(/^\d+$/);
  });

  it("sends a page whole with every cookie it sets (one Set-Cookie each), and HEAD the same headers without the page", async () => {
    // Two cookies on one page: the campaign's parameters and the app's web-view mode (decision 019's response writer).
    const url = `${first.url}/about?utm_source=news&utm_campaign=fall`;
    const get = await fetch(url, { headers: { Cookie: "web_view=true" } });
    expect(get.status).toBe(200);
    expect(get.headers.getSetCookie().map((c) => c.split("=")[0]).sort()).toEqual(["site_css", "utmParams", "web_view"]);
    const html = await get.text();
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
    expect(html).toContain("<h1");
    const head = await fetch(url, { method: "HEAD", headers: { Cookie: "web_view=true" } });
    expect(head.status).toBe(200);
    expect(head.headers.getSetCookie().map((c) => c.split("=")[0]).sort()).toEqual(["site_css", "utmParams", "web_view"]);
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(head.headers.get("content-security-policy")).toMatch(/'nonce-/);
    expect(await head.text()).toBe("");
  });

  it("logs requests without their query string", async () => {
    const res = await fetch(`${first.url}/?email=a@b.c&token=secret123`);
    expect(res.status).toBe(200);
    await res.text();
    await waitFor(() => /^GET \/ 200 /m.test(first.stdout()) || undefined, 5_000, "the request log line");
    const logs = first.stdout() + first.stderr();
    expect(logs).not.toContain("a@b.c");
    expect(logs).not.toContain("email=");
    expect(logs).not.toContain("secret123");
  });

  it("refuses a second server on the same data dir, and the first keeps serving", async () => {
    const lockBefore = readFileSync(path.join(dataDir, "app.lock"), "utf8").trim();
    expect(lockBefore).toBe(String(first.proc.pid));
    const second = runNode("server.ts", { HOST: "127.0.0.1", PORT: String(first.port + 1), DATA_DIR: dataDir, NODE_ENV: "production" });
    const code = await Promise.race([second.exited, new Promise((r) => setTimeout(() => r("timeout"), 30_000))]);
    expect(code).not.toBe("timeout");
    expect(code).not.toBe(0);
    expect(second.stderr()).toMatch(/in use by another process \(pid \d+\)/);
    expect(second.stderr()).toContain(String(first.proc.pid));
    // The first server still owns the lock and still serves pages from its database.
    expect(readFileSync(path.join(dataDir, "app.lock"), "utf8").trim()).toBe(lockBefore);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${first.url}/`)).status).toBe(200);
  });

  it("exits 0 within 10 s of SIGTERM, releasing the lock", async () => {
    // stop() gives up (throws) 10 s after the signal: exit code 0 means the server finished on its own within that.
    expect(await stop(first, "SIGTERM", 10_000)).toBe(0);
    expect(existsSync(path.join(dataDir, "app.lock"))).toBe(false);
  });

  it("keeps its data and its session secret across a restart", async () => {
    const secret = readFileSync(path.join(dataDir, "session-secret"), "utf8");
    expect(first.stdout()).toContain("seeded the studio catalogue");
    const restarted = await server({ DATA_DIR: dataDir, NODE_ENV: "production" });
    expect(restarted.stdout()).not.toContain("seeded the studio catalogue");
    expect(restarted.stdout() + restarted.stderr()).not.toContain("generated one");
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(secret);
    expect(await stop(restarted)).toBe(0);

    // The catalogue is still all there (and the data dir opens cleanly after two servers used it).
    const database = await openDatabase({ dataDir, migrate: false });
    try {
      const { rows } = (await database.db.execute("select count(*)::int as n from studios")) as unknown as { rows: { n: number }[] };
      expect(rows[0].n).toBe(35);
      const east = (await database.db.execute("select timezone from studios where slug = 'east-nashville'")) as unknown as { rows: { timezone: string }[] };
      expect(east.rows[0].timezone).toBe("America/Chicago");
    } finally {
      await database.close();
    }
  });
});

describe("readiness (/readyz) for a load balancer", () => {
  it("is 200 when the database answers with every migration, 503 from SIGTERM on while an in-flight request still finishes", async () => {
    const child = await server({ DATA_DIR: tmpDataDir(), NODE_ENV: "production", SHUTDOWN_DRAIN_MS: "3000" });
    const ready = await fetch(`${child.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    expect(ready.headers.get("cache-control")).toBe("no-store");

    // A form post still arriving: its body is half sent when the signal comes.
    const body = "market=nashville";
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${child.url}/booking/markets`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.write(body.slice(0, 7));
      void waitFor(() => child.stdout().includes("not ready any more") || undefined, 10_000, "the SIGTERM log line").then(() => req.end(body.slice(7)));
    });
    await new Promise((r) => setTimeout(r, 200));
    child.proc.kill("SIGTERM");
    await waitFor(() => child.stdout().includes("not ready any more") || undefined, 10_000, "the SIGTERM log line");

    const stopping = await fetch(`${child.url}/readyz`);
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ status: "stopping" });
    expect(stopping.headers.get("connection")).toBe("close");
    // Alive still (liveness is not readiness), and pages are still served while the balancer notices.
    expect((await fetch(`${child.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${child.url}/about`)).status).toBe(200);

    const answered = await inFlight;
    expect(answered.status).toBeGreaterThanOrEqual(200);
    expect(answered.status).toBeLessThan(500);
    expect(await stop(child, "SIGTERM", 10_000)).toBe(0);
  }, 240_000);
});

describe("a development server", () => {
  it("sends no HSTS outside production", async () => {
    const dev = await server({ DATA_DIR: tmpDataDir(), NODE_ENV: "development" });
    const res = await fetch(`${dev.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await stop(dev)).toBe(0);
  });
});
