// Bytes of HTML and CSS a phone receives over the booking and intake journeys (issue 34 F, decision 048), in English and Spanish.
// Run after `npm run build`: node --import tsx bench/journey-bytes.ts
// The production build's request handler in this process (no server to start), on a PGlite database of its own: the
// booking walked with plain form posts from /booking/markets to the booked visit's page (the embedded local card
// provider), and the intake of a booked general consult from its link to its confirmation; every step's
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
/** On a new data dir, or on `dataDir` (the tests pass one holding their run's migrated and seeded template). */
export async function productionHandler(root = process.cwd(), dataDir = mkdtempSync(path.join(tmpdir(), "dental-journey-bytes-"))): Promise<{ handle: Handler; close: () => Promise<void> }> {
  process.env.NODE_ENV = "production";
  process.env.SESSION_SECRET ??= "journey-bytes-secret-0123456789abcdef0123";
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

type Answer = Record<string, string | string[]> | ((html: string) => Record<string, string | string[]>);
const slotOf = (html: string) => ({ slot: (/name="slot"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? "").replace(/&amp;/g, "&") });
const hidden = (name: string) => (html: string) => ({ [name]: new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "" });
/** A booking's answers after the studio, for one patient (a patient books one visit of a kind at a time). */
const contact = (email: string): Record<string, Answer> => ({
  times: slotOf,
  email: { email },
  "contact-info": { firstName: "Jo", lastName: "Bytes", phone: "6175550100", dateOfBirthMonth: "5", dateOfBirthDay: "27", dateOfBirthYear: "1990" },
  insurance: { carrier: "GUARDIAN", memberId: "G1" },
  "insurance-status": {},
  // The embedded local provider's card form (no Stripe settings here): its test card.
  "payment-info": { number: "4242424242424242", expMonth: "12", expYear: "2035", cvc: "123", cardName: "Jo Bytes" },
  confirmation: hidden("attempt"),
});
const booking = (email: string): Record<string, Answer> => ({ markets: { market: "boston" }, services: { category: "cleaning" }, studios: { studio: "fenway" }, ...contact(email) });
/** A general consult (spec §5: it needs the whole intake, health history too), as the intake e2e books it. */
const consult = (email: string): Record<string, Answer> => ({ "freeform-questions": { freeform: "A sensitive tooth." }, studios: { studio: "navy-yard" }, ...contact(email) });
const INTAKE: Record<string, Answer> = {
  "insurance/provider": { carrier: "METLIFE", planType: "PPO", memberId: "MET-4455667", relationship: "self" },
  // The photos can follow later (the page's own choice); a multipart post like the browser's.
  "insurance/card": { later: "on" },
  "insurance/results": {},
  "personal/medical-conditions": { conditions: ["diabetes"], takesMedications: "no", hasAllergies: "no", pregnancy: "not-applicable", tobacco: "never", premedication: "no" },
  "check-answers": {},
};

/** A phone's cookies over one journey, the language chosen. */
function cookieJar(locale: string) {
  const jar = new Map<string, string>([["lang", locale]]);
  return {
    keep(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair.indexOf("=");
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
    header: (withCss = true) => [...jar].filter(([k]) => withCss || k !== "site_css").map(([k, v]) => `${k}=${v}`).join("; "),
  };
}

/**
 * Walks from `start` answering each page by its name under `section` (/booking/ or /intake/), measuring every page
 * reached, until a page has no answer or a post does not move on. Returns the steps and the address it ended at.
 */
async function walk(handle: Handler, locale: string, jar: ReturnType<typeof cookieJar>, start: string, section: string, answers: Record<string, Answer>) {
  const get = (url: string, withCss: boolean) => handle(new Request(`http://localhost${url}`, { headers: { Cookie: jar.header(withCss) } }));
  const steps: StepBytes[] = [];
  let at = start;
  for (let i = 0; i < 20; i++) {
    const first = await get(at, false);
    if (first.status !== 200) break;
    jar.keep(first);
    const html = await first.text();
    const next = await (await get(at, true)).text();
    const dataUrl = `${at}${at.includes("?") ? "&" : "?"}_data=root`;
    const navigation = (await (await get(dataUrl, true)).json()) as { i18n?: { messages: Record<string, string> } };
    const words = wordsOf(html);
    const pathname = new URL(at, "http://localhost").pathname;
    steps.push({
      locale,
      // A token in the address is the visit's own: shown as its place in the route.
      path: pathname.replace(/\/confirmed\/[^/]+/, "/confirmed/$token"),
      firstGzip: gz(html),
      nextGzip: gz(next),
      raw: Buffer.byteLength(html),
      wordsRaw: Buffer.byteLength(words),
      wordsGzip: gz(words),
      cssGzip: gz(cssOf(html)),
      documentKeys: Object.keys((JSON.parse(words || "{}") as { messages?: object }).messages ?? {}),
      navigationKeys: Object.keys(navigation.i18n?.messages ?? {}),
    });
    const answer = pathname.startsWith(section) || `${pathname}/` === section ? answers[pathname.slice(section.length)] : undefined;
    if (!answer) break;
    const form = new FormData();
    for (const [name, value] of Object.entries(typeof answer === "function" ? answer(html) : answer))
      for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
    const posted = await handle(new Request(`http://localhost${at}`, { method: "POST", body: form, headers: { Cookie: jar.header() }, redirect: "manual" }));
    jar.keep(posted);
    if (posted.status !== 303 && posted.status !== 302) break;
    const location = new URL(posted.headers.get("Location") ?? "/", "http://localhost");
    at = location.pathname + location.search;
  }
  return { steps, end: at };
}

/** The booking journey in one language, from the markets to the booked visit's page: each step's bytes, first and next page. */
export async function bookingJourney(handle: Handler, locale: string): Promise<StepBytes[]> {
  const jar = cookieJar(locale);
  jar.keep(await handle(new Request("http://localhost/booking", { headers: { Cookie: `lang=${locale}` } })));
  return (await walk(handle, locale, jar, "/booking/markets", "/booking/", booking(`bytes.booking.${locale}@example.com`))).steps;
}

/** The intake journey in one language: a general consult booked (not measured), then every intake page from the link. */
export async function intakeJourney(handle: Handler, locale: string): Promise<StepBytes[]> {
  const jar = cookieJar(locale);
  const deepLink = await handle(new Request("http://localhost/booking?service=GENOCON&market=washington-dc", { headers: { Cookie: `lang=${locale}` }, redirect: "manual" }));
  jar.keep(deepLink);
  const booked = await walk(handle, locale, jar, new URL(deepLink.headers.get("Location") ?? "/", "http://localhost").pathname, "/booking/", consult(`bytes.intake.${locale}@example.com`));
  const token = /\/booking\/confirmed\/([^/?]+)/.exec(booked.end)?.[1];
  if (!token) throw new Error(`the consult was not booked: the walk ended at ${booked.end}`);
  // The start page (a link to the first step, not a form), then the steps.
  const start = await walk(handle, locale, jar, `/intake?token=${token}&appointmentBooked=true`, "/intake/", {});
  return [...start.steps, ...(await walk(handle, locale, jar, `/intake/insurance/provider?token=${token}`, "/intake/", INTAKE)).steps];
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
  console.log(`Page bytes over the booking and intake journeys (gzip 6, KB), ${started}, load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.log(`The stylesheet file (fetched once by the first page's prefetch): ${kb(css)} KB gzip`);
  for (const [name, journey] of [["booking", bookingJourney], ["intake", intakeJourney]] as const)
  for (const locale of ["en-US", "es-US"]) {
    const steps = await journey(handle, locale);
    console.log(`\n${name}, ${locale}: step | first page (CSS inline) | next page (CSS cached) | raw HTML | words raw / gzip | inline CSS gzip | keys`);
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
