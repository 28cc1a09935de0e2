// Bytes on the wire per booking journey and the CPU a page's compression costs (issue 22 B). Run after
// `npm run build` (npm run bench:wire). Starts the production server (PORT, default 3390 + 13), walks the booking
// journey with plain form posts, and for every step's HTML and the journey's first-visit scripts (each
// fetched once, as a browser's cache would) counts the bytes received with Accept-Encoding br, gzip and none.
// Then compresses each page's HTML in this process at gzip 6 and brotli 0–6 and prints CPU ms per page.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const PORT = Number(process.env.PORT ?? 3403);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "dental-wire-"));
const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
  env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", SHUTDOWN_DRAIN_MS: "0" },
  stdio: "ignore",
});

/** The raw response, not decoded: what crossed the wire. */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: Buffer; encoding?: string; vary?: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks), encoding: res.headers["content-encoding"], vary: res.headers.vary }));
    })
      .on("error", reject)
      .end();
  });
}

async function journey() {
  let cookie = "";
  const keep = (res: Response) => {
    const set = res.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0];
  };
  keep(await fetch(`${base}/booking`, { redirect: "manual" }));
  const pages: { path: string; cookie: string }[] = [{ path: "/booking/markets", cookie }];
  const answers: [string, Record<string, string> | ((html: string) => Record<string, string>)][] = [
    ["markets", { market: "boston" }],
    ["services", { category: "cleaning" }],
    ["studios", { studio: "fenway" }],
    ["times", (html) => ({ slot: (/name="slot"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? "").replace(/&amp;/g, "&") })],
    ["email", { email: "wire.bytes@example.com" }],
    ["contact-info", { firstName: "Wire", lastName: "Bytes", phone: "6175550100", dateOfBirthMonth: "5", dateOfBirthDay: "27", dateOfBirthYear: "1990" }],
    ["insurance", { carrier: "GUARDIAN", memberId: "G1" }],
  ];
  let at = "/booking/markets";
  for (const [step, answer] of answers) {
    if (at !== `/booking/${step}`) break;
    const html = await (await fetch(`${base}${at}`, { headers: { Cookie: cookie } })).text();
    const body = typeof answer === "function" ? answer(html) : answer;
    const res = await fetch(`${base}${at}`, { method: "POST", body: new URLSearchParams(body), headers: { Cookie: cookie }, redirect: "manual" });
    keep(res);
    if (res.status !== 303 && res.status !== 302) break;
    at = new URL(res.headers.get("location") ?? "/", base).pathname;
    pages.push({ path: at, cookie });
  }
  return pages;
}

const ENCODINGS = { br: "br, gzip", gzip: "gzip", none: "" } as const;

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    if (i > 300) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
  const pages = await journey();
  const html: Buffer[] = [];
  const wire = { br: 0, gzip: 0, none: 0 };
  const js = { br: 0, gzip: 0, none: 0 };
  const scripts = new Set<string>();
  console.log(`Booking journey (${pages.length} steps), bytes on the wire per page: br | gzip | none`);
  for (const page of pages) {
    const sizes = {} as Record<keyof typeof ENCODINGS, number>;
    for (const [name, accept] of Object.entries(ENCODINGS) as [keyof typeof ENCODINGS, string][]) {
      const res = await raw(`${base}${page.path}`, { Cookie: page.cookie, ...(accept ? { "Accept-Encoding": accept } : {}) });
      sizes[name] = res.bytes.length;
      wire[name] += res.bytes.length;
      if (name === "none") {
        html.push(res.bytes);
        // What the page's inline module starts (entry, root, route): not the routes its manifest merely names.
        const starter = /<script nonce="[^"]+" type="module" async="">([\s\S]*?)<\/script>/.exec(res.bytes.toString())?.[1] ?? "";
        for (const src of starter.match(/\/build\/[^"'\s]+\.js/g) ?? []) scripts.add(src);
      }
    }
    console.log(`  ${page.path.padEnd(28)} ${String(sizes.br).padStart(7)} | ${String(sizes.gzip).padStart(7)} | ${String(sizes.none).padStart(7)}`);
  }
  // First visit: each script once, and the chunks it imports.
  const queue = [...scripts];
  const seen = new Set<string>();
  const encodingsSeen = new Set<string>();
  while (queue.length) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    for (const [name, accept] of Object.entries(ENCODINGS) as [keyof typeof ENCODINGS, string][]) {
      const res = await raw(`${base}${src}`, accept ? { "Accept-Encoding": accept } : {});
      js[name] += res.bytes.length;
      encodingsSeen.add(`${name}→${res.encoding ?? "none"}`);
      // Static imports only (`from"/build/…"`, `import"/build/…"`): a dynamic import() loads later, if ever.
      if (name === "none") for (const [, dep] of res.bytes.toString().matchAll(/(?:from|import)\s*"(\/build\/[^"]+\.js)"/g)) queue.push(dep);
    }
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`  first-visit JS (${seen.size} files)      ${kb(js.br).padStart(7)} | ${kb(js.gzip).padStart(7)} | ${kb(js.none).padStart(7)}   (${[...encodingsSeen].join(", ")})`);
  console.log(`  journey total (HTML + JS)        ${kb(wire.br + js.br).padStart(7)} | ${kb(wire.gzip + js.gzip).padStart(7)} | ${kb(wire.none + js.none).padStart(7)}`);

  // CPU per page to compress its HTML, as the compression middleware does (whole page at once here).
  const rounds = 200;
  const settings: [string, (b: Buffer) => Buffer][] = [
    ["gzip 6", (b) => gzipSync(b, { level: 6 })],
    ...[1, 2, 3, 4, 5].map((q): [string, (b: Buffer) => Buffer] => [`br ${q}`, (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } })]),
  ];
  const rawTotal = html.reduce((n, b) => n + b.length, 0);
  console.log(`\nCompressing the journey's ${html.length} pages (${kb(rawTotal)} of HTML), ${rounds} rounds, interleaved: CPU ms per page | bytes per journey`);
  const cpu = new Map<string, number>(settings.map(([name]) => [name, 0]));
  const bytes = new Map<string, number>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, compress] of settings) {
      const start = process.cpuUsage();
      let total = 0;
      for (const page of html) total += compress(page).length;
      const used = process.cpuUsage(start);
      cpu.set(name, cpu.get(name)! + (used.user + used.system) / 1000);
      bytes.set(name, total);
    }
  }
  for (const [name] of settings) console.log(`  ${name.padEnd(7)} ${(cpu.get(name)! / rounds / html.length).toFixed(3).padStart(7)} ms | ${kb(bytes.get(name)!)}`);
  console.log(`\nload average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
