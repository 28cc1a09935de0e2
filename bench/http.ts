// Throughput and latency of the funnel pages at 10 connections, against the production build on an
// embedded database of its own. Run after `npm run build`: node --import tsx bench/http.ts
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const PORT = 3390;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "dental-bench-"));
// Started exactly as `npm start` starts it.
const server = spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "server.ts"], {
  env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production" },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

/** Walks the funnel with plain form posts, as a browser without JavaScript would, and returns the cookie. */
async function cookieAtTimes() {
  let cookie = "";
  const post = async (step: string, body: Record<string, string>) => {
    const res = await fetch(`${base}/booking/${step}`, {
      method: "POST",
      body: new URLSearchParams(body),
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    const set = res.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0];
    if (res.status !== 303) throw new Error(`${step}: ${res.status}`);
  };
  await fetch(`${base}/booking`, { redirect: "manual" }).then((r) => (cookie = (r.headers.get("set-cookie") ?? "").split(";")[0]));
  await post("markets", { market: "boston" });
  await post("services", { category: "cleaning" });
  await post("studios", { studio: "fenway" });
  return cookie;
}

function run(url: string, headers: Record<string, string> = {}) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: 10, duration: 10, headers }, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

try {
  await waitForHealth();
  const cookie = await cookieAtTimes();
  // Warm up once so that first-request compilation does not count.
  await fetch(`${base}/booking/markets`);
  await fetch(`${base}/booking/times`, { headers: { Cookie: cookie } });
  for (const [name, url, headers] of [
    ["/booking/markets", `${base}/booking/markets`, {}],
    ["/booking/times", `${base}/booking/times`, { Cookie: cookie }],
  ] as const) {
    const r = await run(url, headers);
    const non2xx = r.non2xx;
    console.log(
      `${name.padEnd(18)} ${r.requests.average.toFixed(0).padStart(5)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
        `max ${r.latency.max} ms  (${r.requests.total} requests, ${non2xx} non-2xx, 10 connections, 10 s)`,
    );
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
