// The soak (issue 33 D): two production processes (as `npm start` runs them) on one PostgreSQL database of the
// bench's own, with their background jobs running and email going to a real SMTP server (smtp-server, here), under a
// mix of traffic for a set time: JS-off booking journeys (each step's real HTML form filled and posted with the
// cookies a browser keeps), cancels and moves of the visits booked, public pages in both languages with campaign
// query strings, and staff sign-ins (password, then a TOTP code) with console pages. Every minute it prints
// throughput, errors, p99 by route and each process's RSS and heap; at the end, the errors, whether every booking's
// emails were sent once (outbox rows against SMTP receipts), RSS after warm-up against its first value (target within
// 10 %) and the most RSS reached (target < 400 MB). Not part of `npm test`. Run after `npm run build`:
//
//   node --import tsx bench/soak.ts [--minutes 20] [--warm-up 3] [--users 6] [--port 3421] [--db-prefix soak]
//
// Makes a database <db-prefix>_<random> on TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres)
// and drops it at the end. Ports: --port and the next five (two servers, their metrics, SMTP).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { MARKETING_PAGES } from "~/content/model";
import { completeSetup, inviteStaff } from "~/console/staff.server";
import { totpCode, TOTP_STEP_SECONDS } from "~/console/totp";
import { openDatabase, setDatabase } from "~/db/client.server";
import { emailOutbox, staff } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { formatMemory, loadAverage, ownPostgresDatabase, readCaches, readMemory, startProduction, type MemoryReading, type ProductionServer } from "./production-process";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "20" },
    "warm-up": { type: "string", default: "3" },
    users: { type: "string", default: "6" },
    port: { type: "string", default: "3421" },
    "db-prefix": { type: "string", default: "soak" },
  },
});
const MINUTES = Number(args.minutes);
const WARM_UP = Number(args["warm-up"]);
const USERS = Number(args.users);
const PORT = Number(args.port);
const SECRET = randomBytes(24).toString("hex");
const STAFF_PASSWORD = "a long soak passphrase 42";

// ---- what the traffic records ---------------------------------------------------------------------------------
type Stat = { count: number; errors: number; latencies: number[] };
let minute = new Map<string, Stat>();
const total = new Map<string, Stat>();
const problems = new Map<string, number>();
const note = (what: string) => problems.set(what, (problems.get(what) ?? 0) + 1);
const booked: { email: string; token: string }[] = [];
let cancels = 0;
let moves = 0;
let staffSignIns = 0;
/** Visits the policy keeps from moving online (within a day of their time): told so, as a patient is. */
let notMovable = 0;

/** A path as a route pattern, for the per-route figures. */
const routeOf = (path: string) =>
  path
    .split("?")[0]
    .replace(/\/booking\/confirmed\/[^/]+/, "/booking/confirmed/:token")
    .replace(/\/staff\/visits\/\d+/, "/staff/visits/:id")
    .replace(/\/staff\/studios\/[^/]+\/day\/[^/]+/, "/staff/studios/:slug/day/:date");

function record(method: string, path: string, ms: number, error: boolean) {
  const key = `${method} ${routeOf(path)}`;
  for (const map of [minute, total]) {
    let s = map.get(key);
    if (!s) map.set(key, (s = { count: 0, errors: 0, latencies: [] }));
    s.count++;
    if (error) s.errors++;
    s.latencies.push(ms);
  }
}
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? 0;

// ---- a browser without JavaScript -------------------------------------------------------------------------------
class Browser {
  cookies = new Map<string, string>();
  /** Each visitor its own address (the servers trust one proxy hop), as real patients come from many. */
  ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  constructor(readonly server: ProductionServer) {}

  async request(method: "GET" | "POST", path: string, body?: URLSearchParams, { expect = [200, 303] }: { expect?: number[] } = {}) {
    const headers: Record<string, string> = { "X-Forwarded-For": this.ip, "Accept-Language": "en-US" };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (method === "POST") Object.assign(headers, { Origin: this.server.url, "Content-Type": "application/x-www-form-urlencoded" });
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(`${this.server.url}${path}`, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      record(method, path, performance.now() - started, true);
      note(`${method} ${routeOf(path)}: ${(error as Error).name}`);
      throw error;
    }
    const text = await res.text();
    const ms = performance.now() - started;
    const error = res.status >= 500 || !expect.includes(res.status);
    record(method, path, ms, error);
    if (error) note(`${method} ${routeOf(path)}: ${res.status}`);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = pair.split("=");
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]) < Date.now()));
      if (gone || value.join("=") === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join("="));
    }
    return { status: res.status, location: res.headers.get("location"), text };
  }
}

type Field = { name: string; type: string; value: string; checked: boolean; options?: string[] };
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1]?.replace(/&amp;/g, "&");

/** The page's post forms (the language switch and sign-out forms aside), with their fields. */
function postForms(html: string) {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)]
    .filter(([, open]) => /method="post"/i.test(open))
    .map(([, open, inner]) => {
      const fields: Field[] = [];
      for (const [tag] of inner.matchAll(/<input\b[^>]*>/gi)) {
        const name = attr(tag, "name");
        if (name) fields.push({ name, type: (attr(tag, "type") ?? "text").toLowerCase(), value: attr(tag, "value") ?? "", checked: /\schecked(=|\s|>|\/)/i.test(tag) });
      }
      for (const [, open2, body] of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
        const name = attr(open2, "name");
        if (name) fields.push({ name, type: "select", value: "", checked: false, options: [...body.matchAll(/<option\b[^>]*value="([^"]*)"/gi)].map((m) => m[1]).filter(Boolean) });
      }
      for (const [, open2, body] of inner.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/gi)) {
        const name = attr(open2, "name");
        if (name) fields.push({ name, type: "textarea", value: body, checked: false });
      }
      const button = /<button\b[^>]*type="submit"[^>]*>|<button\b(?![^>]*type=)[^>]*>/i.exec(inner)?.[0];
      return { action: attr(open, "action"), fields, button: button ? { name: attr(button, "name"), value: attr(button, "value") ?? "" } : undefined };
    })
    .filter((f) => !f.fields.some((x) => x.name === "lang") && !/logout|cookie-consent/.test(f.action ?? ""));
}

/** The markup a patient sees: the page's scripts (its words for the browser, its data) taken out. */
const withoutScripts = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/gi, "");

const pick = <T,>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
const CARD_YEAR = String(new Date().getFullYear() + 4);
/** What a patient types, by field name; radios: the choice named here, else a random one. */
const TYPED: Record<string, (email: string) => string> = {
  email: (email) => email,
  firstName: () => "Alex",
  lastName: () => "Rivera",
  phone: () => "(617) 555-0100",
  dateOfBirthMonth: () => "5",
  dateOfBirthDay: () => "1",
  dateOfBirthYear: () => "1990",
  number: () => "4242 4242 4242 4242",
  expMonth: () => "12",
  expYear: () => CARD_YEAR,
  cvc: () => "123",
  cardName: () => "Alex Rivera",
  memberId: () => "GRD12345",
  freeform: () => "A checkup, please.",
};
const CHOSEN: Record<string, string> = { market: "boston", category: "cleaning", carrier: "GUARDIAN", insuranceKind: "carrier" };

function fill(form: ReturnType<typeof postForms>[number], email: string): URLSearchParams {
  const body = new URLSearchParams();
  const radios = new Map<string, string[]>();
  for (const f of form.fields) {
    if (f.type === "radio") radios.set(f.name, [...(radios.get(f.name) ?? []), f.value]);
    else if (f.type === "checkbox") {
      if (f.checked) body.append(f.name, f.value || "on");
    } else if (f.type === "select") body.set(f.name, TYPED[f.name]?.(email) ?? f.options?.[0] ?? "");
    else if (f.type === "hidden" || f.type === "submit") body.append(f.name, f.value);
    else {
      const key = Object.keys(TYPED).find((k) => f.name === k || f.name.endsWith(`.${k}`));
      body.set(f.name, key ? TYPED[key](email) : f.value);
    }
  }
  for (const [name, values] of radios) body.set(name, values.includes(CHOSEN[name]) ? CHOSEN[name] : pick(values));
  if (form.button?.name) body.set(form.button.name, form.button.value);
  return body;
}

/** Fills and posts the page's form; a 303 is followed. Returns where it went, or null when the form came back. */
async function submit(browser: Browser, path: string, html: string, email: string): Promise<string | null> {
  const form = postForms(html)[0];
  if (!form) throw new Error(`no form on ${path}`);
  const target = form.action && form.action !== "" ? form.action : path;
  const res = await browser.request("POST", target, fill(form, email), { expect: [303, 400, 409, 429] });
  if (res.status === 303 && res.location) return res.location;
  const summary = /class="error-summary"[\s\S]*?<\/ul>/.exec(res.text)?.[0] ?? "";
  const messages = [...summary.matchAll(/<li[^>]*>(?:<a href="#([^"]*)">)?([^<]*)/g)].map((m) => `${m[1] ?? "form"}: ${m[2]}`);
  note(`${routeOf(target)} came back ${res.status}${messages.length ? ` (${messages.join("; ")})` : ""}`);
  return null;
}

/** On a times page without times: a day's link (at random), else the later week's. Links may be relative (`?week=1&day=…`). */
function dayOrLaterWeek(path: string, html: string): string | null {
  const hrefs = [...html.matchAll(/href="([^"]*\?week=[^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  const resolve = (href: string) => (href.startsWith("?") ? `${path.split("?")[0]}${href}` : href);
  const days = hrefs.filter((h) => /[?&]day=/.test(h));
  if (days.length) return resolve(pick(days));
  const week = Number(new URLSearchParams(path.split("?")[1] ?? "").get("week") ?? 0);
  const later = hrefs.find((h) => !/[?&]day=/.test(h) && Number(new URLSearchParams(h.split("?")[1]).get("week")) > week);
  return later ? resolve(later) : null;
}

/** A booking with JavaScript off, from the markets page to the confirmed page: its token, or null. */
async function bookingJourney(server: ProductionServer, n: number): Promise<{ email: string; token: string } | null> {
  const browser = new Browser(server);
  const email = `soak-${n}-${randomBytes(3).toString("hex")}@example.com`;
  let path = "/booking/markets";
  for (let step = 0; step < 30; step++) {
    const token = /^\/booking\/confirmed\/([^/?]+)/.exec(path)?.[1];
    if (token) {
      await browser.request("GET", path);
      return { email, token };
    }
    let page = await browser.request("GET", path);
    if (page.status === 303 && page.location) {
      path = page.location;
      continue;
    }
    // The times page without a day chosen lists days: open one, as a patient taps it (or the next week).
    // Patients pick a day of the week shown (most are days ahead: a visit within a day can't be moved online).
    if (path.startsWith("/booking/times") && (!/name="slot"/.test(page.text) || !/[?&]day=/.test(path))) {
      const next = dayOrLaterWeek(path, page.text);
      if (!next) return note("times page: no day and no later week"), null;
      path = next;
      continue;
    }
    const next = await submit(browser, path.split("#")[0], page.text, email);
    if (!next) return null;
    path = next;
  }
  note("booking journey: more than 30 steps");
  return null;
}

/** Cancels or moves a visit booked earlier, from its confirmed page's links (the token is the key). */
async function changeVisit(server: ProductionServer, visit: { email: string; token: string }, kind: "cancel" | "reschedule") {
  const browser = new Browser(server);
  let path = `/booking/confirmed/${visit.token}/${kind}`;
  for (let step = 0; step < 6; step++) {
    const page = await browser.request("GET", path);
    // The notice in the page itself: the page's script carries every word it may show, this notice's too (decision 049).
    if (kind === "reschedule" && !/name="slot"/.test(page.text) && /can’t be moved online/.test(withoutScripts(page.text))) return (notMovable++, false);
    if (kind === "reschedule" && !/name="slot"/.test(page.text)) {
      const next = dayOrLaterWeek(path, page.text);
      if (!next) {
        if (process.env.SOAK_DUMP) (await import("node:fs")).writeFileSync(process.env.SOAK_DUMP, page.text);
        return note("reschedule page: no day and no later week"), false;
      }
      path = next;
      continue;
    }
    const next = await submit(browser, path, page.text, visit.email);
    if (!next) return false;
    if (next.split("?")[0] === `/booking/confirmed/${visit.token}`) {
      await browser.request("GET", next);
      return true;
    }
    path = next;
  }
  return false;
}

const PUBLIC = ["/", "/studios", "/booking/markets", "/login", "/signup", ...MARKETING_PAGES.map((s) => `/${s}`)];
async function publicRead(server: ProductionServer) {
  const browser = new Browser(server);
  const q = new URLSearchParams();
  if (Math.random() < 0.5) q.set("lang", pick(["es-US", "en-US"]));
  if (Math.random() < 0.5) q.set("utm_campaign", randomBytes(5).toString("hex"));
  await browser.request("GET", `${pick(PUBLIC)}${q.size ? `?${q}` : ""}`);
}

// ---- staff: sign-in with a password and a TOTP code, then console pages -------------------------------------------
type StaffAccount = { email: string; secret: string; lastStep: number };
async function staffSession(server: ProductionServer, account: StaffAccount) {
  const step = Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS);
  if (step <= account.lastStep) return; // each code signs in once per account
  account.lastStep = step;
  const browser = new Browser(server);
  const login = await browser.request("GET", "/staff/login");
  const afterPassword = await submitStaff(browser, "/staff/login", login.text, { email: account.email, password: STAFF_PASSWORD });
  if (!afterPassword) return;
  const codePage = await browser.request("GET", afterPassword);
  const signedIn = await submitStaff(browser, afterPassword.split("?")[0], codePage.text, { code: totpCode(account.secret, new Date(step * TOTP_STEP_SECONDS * 1000)) });
  if (!signedIn) return;
  staffSignIns++;
  const home = await browser.request("GET", "/staff", undefined, { expect: [200, 302, 303] });
  const day = home.location ? await browser.request("GET", home.location) : home;
  for (const href of [...day.text.matchAll(/href="(\/staff\/visits\/\d+)"/g)].map((m) => m[1]).slice(0, 2)) await browser.request("GET", href);
  await browser.request("GET", "/staff/search?q=soak");
}
async function submitStaff(browser: Browser, path: string, html: string, values: Record<string, string>) {
  const form = postForms(html)[0];
  if (!form) return note(`${path}: no form`), null;
  const body = new URLSearchParams();
  for (const f of form.fields) if (f.type === "hidden") body.set(f.name, f.value);
  for (const [k, v] of Object.entries(values)) body.set(k, v);
  const res = await browser.request("POST", form.action || path, body, { expect: [302, 303] });
  return res.status === 302 || res.status === 303 ? res.location : null;
}

// ---- the run ------------------------------------------------------------------------------------------------------
const received = new Map<string, number>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      for (const r of session.envelope.rcptTo) received.set(r.address.toLowerCase(), (received.get(r.address.toLowerCase()) ?? 0) + 1);
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(PORT + 5, "127.0.0.1", resolve));

const postgres = await ownPostgresDatabase(args["db-prefix"]);
const started = new Date();
console.log(`bench/soak.ts: ${MINUTES} min (warm-up ${WARM_UP}), ${USERS} visitors, 2 processes on PostgreSQL ${postgres.name}; ${started.toISOString()}; load ${loadAverage()}`);
const database = await openDatabase({ databaseUrl: postgres.url });
setDatabase(Promise.resolve(database));
const servers: ProductionServer[] = [];
try {
  await seedCatalogue(database.db);
  const accounts: StaffAccount[] = [];
  for (const role of ["admin", "front_desk"] as const) {
    const email = `soak-${role}@example.com`;
    const invitation = await inviteStaff(database.db, { email, role, studios: role === "admin" ? [] : ["fenway"] }, null);
    const [row] = await database.db.select({ secret: staff.totpSecret }).from(staff).where(eq(staff.email, email));
    const setup = await completeSetup(database.db, invitation.token, { password: STAFF_PASSWORD, code: totpCode(row!.secret!, new Date()) });
    if (!setup.ok) throw new Error(`staff setup: ${setup.code}`);
    accounts.push({ email, secret: row!.secret!, lastStep: Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS) });
  }
  const env = { DATABASE_URL: postgres.url, SESSION_SECRET: SECRET, SMTP_URL: `smtp://127.0.0.1:${PORT + 5}`, TRUST_PROXY_HOPS: "1", SITE_ORIGIN: `http://127.0.0.1:${PORT}`, DATA_DIR: "/tmp" };
  for (const i of [0, 1]) servers.push(await startProduction(env, { port: PORT + i * 2, metricsPort: PORT + i * 2 + 1 }));

  const t0 = Date.now();
  const end = t0 + MINUTES * 60_000;
  let journeys = 0;
  const changed: { email: string; token: string }[] = [];
  /** One visitor after another: mostly public pages, then bookings, changes of visits and staff sessions. */
  const visitor = async (v: number) => {
    while (Date.now() < end) {
      const server = servers[Math.floor(Math.random() * servers.length)];
      const roll = Math.random();
      try {
        if (roll < 0.55) await publicRead(server);
        else if (roll < 0.8) {
          const visit = await bookingJourney(server, journeys++);
          if (visit) booked.push(visit);
        } else if (roll < 0.93) {
          const visit = booked.length > 0 ? booked.splice(Math.floor(Math.random() * booked.length), 1)[0] : undefined;
          if (visit) {
            const kind = Math.random() < 0.5 ? "cancel" : "reschedule";
            if (await changeVisit(server, visit, kind)) kind === "cancel" ? cancels++ : moves++;
            changed.push(visit);
          }
        } else await staffSession(server, accounts[v % accounts.length]);
      } catch {
        /* counted where it happened */
      }
    }
  };
  const readings: { minute: number; memory: MemoryReading[] }[] = [];
  /** Each minute's latencies by route, for p99 over time at the end. */
  const minutes: { minute: number; routes: Map<string, Stat> }[] = [];
  /** The most entries each cache held in either process, against its bound. */
  const cachePeaks = new Map<string, { entries: number; max: number }>();
  let last = { at: t0, requests: 0 };
  const report = async () => {
    const m = Math.round((Date.now() - t0) / 60_000);
    const memory = await Promise.all(servers.map((s) => readMemory(s).catch(() => undefined)));
    if (memory.every(Boolean)) readings.push({ minute: m, memory: memory as MemoryReading[] });
    const requests = [...minute.values()].reduce((n, s) => n + s.count, 0);
    const errors = [...minute.values()].reduce((n, s) => n + s.errors, 0);
    const routes = [...minute]
      .sort((a, b) => b[1].count - a[1].count)
      .slice(0, 12)
      .map(([k, s]) => `${k} ${s.count}× p99 ${p99(s.latencies).toFixed(0)} ms${s.errors ? ` (${s.errors} errors)` : ""}`);
    console.log(
      `\n[${String(m).padStart(3)} min] ${(requests / ((Date.now() - last.at) / 1000)).toFixed(1)} req/s, ${errors} errors, bookings ${booked.length + changed.length}, cancels ${cancels}, moves ${moves}, staff sign-ins ${staffSignIns}; load ${loadAverage()}`,
    );
    memory.forEach((r, i) => console.log(`  process ${i + 1}: ${r ? formatMemory(r) : "no reading"}`));
    const caches = await Promise.all(servers.map((s) => readCaches(s).catch(() => [])));
    for (const c of caches.flat()) {
      const peak = cachePeaks.get(c.name);
      cachePeaks.set(c.name, { entries: Math.max(peak?.entries ?? 0, c.entries), max: c.max });
      if (c.entries > c.max) note(`cache ${c.name} past its bound: ${c.entries} > ${c.max}`);
    }
    caches.forEach((list, i) => console.log(`  caches ${i + 1}: ${list.map((c) => `${c.name} ${c.entries}/${c.max}`).join(", ")}`));
    console.log(`  ${routes.join("\n  ")}`);
    minutes.push({ minute: m, routes: minute });
    last = { at: Date.now(), requests };
    minute = new Map();
  };
  const timer = setInterval(() => void report(), 60_000);
  await Promise.all(Array.from({ length: USERS }, (_, v) => visitor(v)));
  clearInterval(timer);
  await report();

  // Every booking's emails: the outbox drained, and each row received over SMTP once (no more, no fewer).
  const drainBy = Date.now() + 120_000;
  let pending = 1;
  while (Date.now() < drainBy) {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.status, "PENDING"));
    pending = row.n;
    if (pending === 0) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const rows = await database.db.select({ to: emailOutbox.to, status: emailOutbox.status }).from(emailOutbox);
  const outboxBy = new Map<string, number>();
  for (const r of rows) outboxBy.set(r.to.toLowerCase(), (outboxBy.get(r.to.toLowerCase()) ?? 0) + 1);
  const allVisits = [...booked, ...changed];
  const noEmail = allVisits.filter((v) => !outboxBy.get(v.email));
  const mismatched = [...outboxBy].filter(([to, n]) => (received.get(to) ?? 0) !== n);
  const failed = rows.filter((r) => r.status === "FAILED").length;

  const totalRequests = [...total.values()].reduce((n, s) => n + s.count, 0);
  const totalErrors = [...total.values()].reduce((n, s) => n + s.errors, 0);
  console.log(`\n==== ${MINUTES} min, ${totalRequests} requests (${(totalRequests / (MINUTES * 60)).toFixed(1)} req/s), ${totalErrors} errors; ${new Date().toISOString()}; load ${loadAverage()}`);
  console.log(`bookings ${allVisits.length}, cancels ${cancels}, moves ${moves} (${notMovable} not movable online: within a day), staff sign-ins ${staffSignIns}`);
  for (const [k, s] of [...total].sort((a, b) => b[1].count - a[1].count)) console.log(`  ${k.padEnd(44)} ${String(s.count).padStart(6)}×  p99 ${p99(s.latencies).toFixed(0).padStart(5)} ms  errors ${s.errors}`);
  if (problems.size) console.log(`problems:\n  ${[...problems].map(([k, n]) => `${n}× ${k}`).join("\n  ")}`);
  console.log(
    `emails: ${rows.length} in the outbox (${pending} pending, ${failed} failed), ${[...received.values()].reduce((a, b) => a + b, 0)} received over SMTP; ` +
      `bookings without an email ${noEmail.length}; addresses whose SMTP receipts differ from their outbox rows ${mismatched.length}${mismatched.length ? ` (${mismatched.slice(0, 5).map(([to, n]) => `${to}: ${n} queued, ${received.get(to) ?? 0} received`).join("; ")})` : ""}`,
  );
  console.log(`\nmemory per minute (MB): RSS / heap total / old used / live after full GC, process 1 | process 2`);
  for (const r of readings) console.log(`  ${String(r.minute).padStart(3)} min  ${r.memory.map((m) => `${m.rssMb.toFixed(0)} / ${m.heapTotalMb.toFixed(0)} / ${m.oldUsedMb.toFixed(0)} / ${m.liveAfterFullGcMb?.toFixed(0) ?? "–"}`).join("  |  ")}`);
  // p99 by route over time: the busiest routes, in windows of a tenth of the run (at least a minute).
  const window = Math.max(1, Math.round(MINUTES / 10));
  const busiest = [...total].sort((a, b) => b[1].count - a[1].count).slice(0, 10).map(([k]) => k);
  const windows: { from: number; to: number; routes: Map<string, number[]> }[] = [];
  for (const { minute: m, routes } of minutes) {
    const from = Math.floor((m - 1) / window) * window;
    let w = windows.at(-1);
    if (!w || w.from !== from) windows.push((w = { from, to: from + window, routes: new Map() }));
    for (const [k, st] of routes) w.routes.set(k, [...(w.routes.get(k) ?? []), ...st.latencies]);
  }
  console.log(`\np99 (ms) by route over time, windows of ${window} min:`);
  console.log(`  ${"route".padEnd(40)} ${windows.map((w) => `${w.from}–${w.to}`.padStart(8)).join("")}`);
  for (const k of busiest) console.log(`  ${k.padEnd(40)} ${windows.map((w) => (w.routes.get(k)?.length ? p99(w.routes.get(k)!).toFixed(0) : "–").padStart(8)).join("")}`);
  console.log(`\ncaches (most entries in either process / bound):`);
  for (const [name, c] of [...cachePeaks].sort()) console.log(`  ${name.padEnd(44)} ${String(c.entries).padStart(6)} / ${c.max}${c.entries > c.max ? "  PAST ITS BOUND" : ""}`);
  const firstAfterWarmUp = readings.find((r) => r.minute >= WARM_UP) ?? readings[0];
  const lastReading = readings.at(-1)!;
  servers.forEach((_, i) => {
    const first = firstAfterWarmUp.memory[i].rssMb;
    const final = lastReading.memory[i].rssMb;
    const max = Math.max(...readings.map((r) => r.memory[i].rssMb));
    console.log(
      `process ${i + 1}: RSS at ${firstAfterWarmUp.minute} min ${first.toFixed(0)} MB, at ${lastReading.minute} min ${final.toFixed(0)} MB (${(((final - first) / first) * 100).toFixed(1)} %, target within 10 %), max ${max.toFixed(0)} MB (target < 400 MB)`,
    );
  });
  process.exitCode = totalErrors === 0 && noEmail.length === 0 && mismatched.length === 0 && failed === 0 ? 0 : 1;
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await database.close();
  await postgres.drop();
  smtp.close();
}
