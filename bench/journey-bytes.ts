// Bytes of HTML and CSS a phone receives over the booking journey (issue 34 F, decision 048), in English and Spanish.
// Run after `npm run build`: node --import tsx bench/journey-bytes.ts
// The production build's request handler in this process (no server to start), on a PGlite database of its own: the
// journey walked with plain form posts from /booking/markets to the last step a fresh booking reaches; every step's
// document fetched as a first page (no `site_css` cookie: the CSS inline) and as a next page (the cookie set: the CSS
// linked from the browser's cache), gzip level 6 as served; and what the page's words and its inline CSS weigh.
// Also imported by tests/integration/page-bytes-budget.test.ts, which enforces the budget on the same figures.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";

/** What a booking or intake step may send a phone: HTML with its CSS, gzip (issue 34). The next pages must send less. */
export const FIRST_PAGE_BUDGET_KB = 14;

export type StepBytes = {
  locale: string;
  path: string;
  /** gzip bytes of the document as a browser's first page (CSS inline) and as a later page (CSS linked, cached). */
  firstGzip: number;
  nextGzip: number;
  /** raw bytes of the first-page document, of its words' JSON and of its inline CSS. */
  raw: number;
  wordsRaw: number;
  wordsGzip: number;
  cssGzip: number;
  /** the keys the document carries, and those a client navigation to it (`?_data=root`) gets. */
  documentKeys: string[];
  navigationKeys: string[];
};

type Handler = (request: Request) => Promise<Response>;

const gz = (text: string) => gzipSync(text, { level: 6 }).length;
const wordsOf = (html: string) => html.match(/<script type="application\/json" id="page-i18n">(.*?)<\/script>/s)?.[1] ?? "";
const cssOf = (html: string) => html.match(/<style id="site-styles"[^>]*>(.*?)<\/style>/s)?.[1] ?? "";

/** The production build's handler on a database of its own (the catalogue seeded). `close` drops it. */
export async function productionHandler(root = process.cwd()): Promise<{ handle: Handler; close: () => Promise<void> }> {
  process.env.NODE_ENV = "production";
  process.env.SESSION_SECRET ??= "journey-bytes-secret-0123456789abcdef0123";
  const dataDir = mkdtempSync(path.join(tmpdir(), "dental-journey-bytes-"));
  process.env.DATA_DIR ??= dataDir;
  const { openDatabase, setDatabase } = await import("../app/db/client.server");
  const { catalogueIsEmpty, seedCatalogue } = await import("../app/db/seed.server");
  const database = await openDatabase({ dataDir });
  setDatabase(Promise.resolve(database));
  if (await catalogueIsEmpty(database.db)) await seedCatalogue(database.db);
  const { createRequestHandler } = await import("@remix-run/node");
  const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return {
    handle: (request) => handler(request, { nonce: "bench", clientIp: "127.0.0.1", uploadTooLarge: false, writesWholeBody: false }),
    close: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The booking journey in one language: each step's bytes, first and next page. */
export async function bookingJourney(handle: Handler, locale: string): Promise<StepBytes[]> {
  const jar = new Map<string, string>([["lang", locale]]);
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const get = async (pathname: string, withCss: boolean) => {
    const headers = { Cookie: [...jar].filter(([k]) => withCss || k !== "site_css").map(([k, v]) => `${k}=${v}`).join("; ") };
    return handle(new Request(`http://localhost${pathname}`, { headers }));
  };
  keep(await handle(new Request("http://localhost/booking", { headers: { Cookie: `lang=${locale}` } })));
  const answers: [string, Record<string, string> | ((html: string) => Record<string, string>)][] = [
    ["markets", { market: "boston" }],
    ["services", { category: "cleaning" }],
    ["studios", { studio: "fenway" }],
    ["times", (html) => ({ slot: (/name="slot"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? "").replace(/&amp;/g, "&") })],
    ["email", { email: "journey.bytes@example.com" }],
    ["contact-info", { firstName: "Jo", lastName: "Bytes", phone: "6175550100", dateOfBirthMonth: "5", dateOfBirthDay: "27", dateOfBirthYear: "1990" }],
    ["insurance", { carrier: "GUARDIAN", memberId: "G1" }],
  ];
  const steps: StepBytes[] = [];
  let at = "/booking/markets";
  for (let i = 0; i <= answers.length; i++) {
    const first = await get(at, false);
    if (first.status !== 200) break;
    keep(first);
    const html = await first.text();
    const next = await (await get(at, true)).text();
    const navigation = (await (await get(`${at}?_data=root`, true)).json()) as { i18n?: { messages: Record<string, string> } };
    const words = wordsOf(html);
    steps.push({
      locale,
      path: at,
      firstGzip: gz(html),
      nextGzip: gz(next),
      raw: Buffer.byteLength(html),
      wordsRaw: Buffer.byteLength(words),
      wordsGzip: gz(words),
      cssGzip: gz(cssOf(html)),
      documentKeys: Object.keys((JSON.parse(words || "{}") as { messages?: object }).messages ?? {}),
      navigationKeys: Object.keys(navigation.i18n?.messages ?? {}),
    });
    const answer = answers[i];
    if (!answer || at !== `/booking/${answer[0]}`) break;
    const body = typeof answer[1] === "function" ? answer[1](html) : answer[1];
    const headers = { Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "), "Content-Type": "application/x-www-form-urlencoded" };
    const posted = await handle(new Request(`http://localhost${at}`, { method: "POST", body: new URLSearchParams(body), headers, redirect: "manual" }));
    keep(posted);
    if (posted.status !== 303 && posted.status !== 302) break;
    at = new URL(posted.headers.get("Location") ?? "/", "http://localhost").pathname;
  }
  return steps;
}

/** The stylesheet file a next page links, gzip: what the first page's prefetch fetches once. */
export async function stylesheetGzip(handle: Handler, html: string): Promise<number> {
  const href = html.match(/<link id="site-styles-file" rel="prefetch" href="([^"]+)"/)?.[1];
  return href ? gz(await (await handle(new Request(`http://localhost${href}`))).text()) : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const started = new Date().toISOString();
  const { handle, close } = await productionHandler();
  const css = await stylesheetGzip(handle, await (await handle(new Request("http://localhost/"))).text());
  console.log(`Page bytes over the booking journey (gzip 6, KB), ${started}, load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.log(`The stylesheet file (fetched once by the first page's prefetch): ${kb(css)} KB gzip`);
  for (const locale of ["en-US", "es-US"]) {
    const steps = await bookingJourney(handle, locale);
    console.log(`\n${locale}: step | first page (CSS inline) | next page (CSS cached) | raw HTML | words raw / gzip | inline CSS gzip | keys`);
    for (const s of steps)
      console.log(
        `${s.path.padEnd(24)} ${kb(s.firstGzip).padStart(5)} ${kb(s.nextGzip).padStart(5)} ${kb(s.raw).padStart(6)} ${kb(s.wordsRaw).padStart(5)} / ${kb(s.wordsGzip).padStart(4)} ${kb(s.cssGzip).padStart(4)} ${String(s.documentKeys.length).padStart(4)}`,
      );
    const inline = steps.reduce((sum, s) => sum + s.firstGzip, 0);
    const hybrid = (steps[0]?.firstGzip ?? 0) + css + steps.slice(1).reduce((sum, s) => sum + s.nextGzip, 0);
    const linked = css + steps.reduce((sum, s) => sum + s.nextGzip, 0);
    console.log(`journey of ${steps.length} pages: CSS inline on every page ${kb(inline)} KB; inline first then cached (kept) ${kb(hybrid)} KB; always linked ${kb(linked)} KB (+1 render-blocking request on the first page)`);
  }
  await close();
  process.exit(0);
}
