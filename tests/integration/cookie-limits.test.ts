/**
 * Every cookie the app sets or reads, at the longest value it accepts, one character past it, and as a
 * 4000-byte value, sent to every page of the real server (production build): never a 500. A limit
 * defined twice (the cookie rule accepting 64 characters of referral code, the booking state 40) made
 * `/booking` answer 500 for a 50-character code; this file finds any such mismatch on any page.
 * Runs against the production build (npm test builds first).
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_COOKIE_NAME, createBookingCookie } from "~/booking/cookie.server";
import { bookingStateSchema, STEP_IDS, type BookingState } from "~/booking/state";
import { MARKETING_PAGES } from "~/content/model";
import { intakeHref } from "~/rules/intake";
import { completeState } from "../fixtures/booking-states";
import { ROOT, startServer, stop, type ServerChild } from "../helpers/process";
import { appRoutes, urlOf } from "../helpers/routes";
import { templateDataDir } from "../helpers/db";

const SECRET = "cookie-limits-test-secret-0123456789abcdefgh";
const bookingCookie = createBookingCookie({ secrets: [SECRET], secure: true });
const HUGE = 4000;

/**
 * Every GET page: every route remix.config.js makes (so a page added later is covered too), a `:param`
 * given the real visit's token and a random one, `*` a missing page; plus the visit page as the booking
 * lands on it and the intake link it gives.
 */
function pages(realToken: string): string[] {
  const routes = appRoutes();
  const unknown = randomBytes(24).toString("base64url");
  const urls = routes.flatMap((route) => [urlOf(routes, route, () => realToken), urlOf(routes, route, () => unknown)]);
  urls.push(`/booking/confirmed/${realToken}?booked=1`, intakeHref(realToken, { booked: true }), intakeHref(unknown, { booked: true }));
  // `/:slug` serves the content pages: each of them, and the campaign popup's landing.
  urls.push(...MARKETING_PAGES.map((slug) => `/${slug}`), "/?utm_source=friendbuy&utm_campaign=evergreen");
  return [...new Set(urls)];
}

const enc = (value: string) => encodeURIComponent(value);
const pad = (prefix: string, length: number, fill = "x") => (prefix + fill.repeat(length)).slice(0, length);
const utm = (length: number) =>
  enc(JSON.stringify(Object.fromEntries(["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"].map((k) => [k, pad("spring_NYC_", length)]))));
const idToken = (email: string) => new SignJWT({ email }).setProtectedHeader({ alg: "HS256" }).setExpirationTime("1h").sign(new TextEncoder().encode(SECRET));

/** The largest booking the schema accepts: every field at its maximum (booking-cookie.test.ts measures its size). */
const WORST: BookingState = {
  market: "washington-dc",
  orthoMarket: "new-york-city",
  category: "procedures",
  serviceType: "BRACESCON",
  emergencyType: "lost-filling-or-crown",
  freeform: "€".repeat(333),
  cosmeticChoice: "whitening",
  procedure: "implant",
  quiz: { concern: "not-sure", priority: "lowest-cost", ageGroup: "adult" },
  quizResult: "smile-straightening",
  studio: "s".repeat(40),
  slot: { startsAt: "2027-03-15T09:00:00.000000-04:00", endsAt: "2027-03-15T10:00:00.000000-04:00", heldUntil: 8_589_934_592 },
  bookingId: "B".repeat(32),
  email: `${"a".repeat(64)}@${"b".repeat(63)}.${"b".repeat(63)}.${"c".repeat(61)}`,
  contact: {
    firstName: "€".repeat(33),
    lastName: '"'.repeat(50),
    phone: "2025550123",
    dateOfBirth: "1990-04-01",
    preferences: { flavor: "f".repeat(40), show: "s".repeat(40) },
  },
  insurance: { kind: "carrier", carrier: "C".repeat(40), memberId: "M".repeat(30) },
  payment: { brand: "mastercard", last4: "4444", expMonth: 12, expYear: 2100, token: "t".repeat(48) },
  referralCode: "r".repeat(64),
  completed: [...STEP_IDS],
};

/** WORST, or without its referral code when the booking schema refuses it (the test then fails, saying so). */
function largestBooking(): BookingState {
  return bookingStateSchema.safeParse(WORST).success ? WORST : { ...WORST, referralCode: undefined };
}

type Variant = [label: string, value: string];

/**
 * Each cookie with its values: the longest accepted, one past it, 4000 bytes. `app` says where the app
 * sets or reads it; cookies of the spec the app does not read yet (patientId) are sent all the same.
 */
async function cookieVariants(): Promise<Record<string, Variant[]>> {
  const worst = (await bookingCookie.serialize(largestBooking())).split(";")[0].slice(BOOKING_COOKIE_NAME.length + 1);
  const longestEmail = `${"e".repeat(64)}@${"d".repeat(63)}.${"d".repeat(63)}.${"d".repeat(61)}`; // 254: the longest address
  const maxToken = await idToken(longestEmail);
  const hugeToken = await idToken(`${"e".repeat(64)}@${"d".repeat(2800)}.example`);
  return {
    [BOOKING_COOKIE_NAME]: [
      ["the largest valid booking", worst],
      ["the largest valid booking + 1 character", worst + "A"],
      ["4000 bytes", "x".repeat(HUGE)],
    ],
    referralCode: [
      ["a 64-character code", enc(JSON.stringify({ code: "r".repeat(64), version: "v2" }))],
      ["a 65-character code", enc(JSON.stringify({ code: "r".repeat(65), version: "v2" }))],
      ["a 50-character code (bug D)", enc(JSON.stringify({ code: "r".repeat(50), version: "v2" }))],
      ["4000 bytes", enc(JSON.stringify({ code: "r".repeat(HUGE - 30), version: "v2" }))],
    ],
    utmParams: [
      ["five 200-character values", utm(200)],
      ["five 201-character values", utm(201)],
      ["4000 bytes", utm(700)],
    ],
    referralPopupsShown: [
      ["every campaign", "evergreen.breezybraces"],
      ["every campaign and one unknown", "evergreen.breezybraces.x"],
      ["4000 bytes", "evergreen.".repeat(400)],
    ],
    gclid: [
      ["200 characters", "g".repeat(200)],
      ["201 characters", "g".repeat(201)],
      ["4000 bytes", "g".repeat(HUGE)],
    ],
    lang: [
      ["a language we speak", "es-US"],
      ["one we do not", "xx-XX"],
      ["4000 bytes", "e".repeat(HUGE)],
    ],
    site_css: [
      ["a 12-character fingerprint (not the current one: the page inlines its styles)", "abcdefghijkl"],
      ["13 characters", "abcdefghijklm"],
      ["4000 bytes", "s".repeat(HUGE)],
    ],
    // The hold limits' browser id (decision 055): 22 base64url characters; anything else is no device.
    device: [
      ["a 22-character id", "d".repeat(22)],
      ["23 characters", "d".repeat(23)],
      ["4000 bytes", "d".repeat(HUGE)],
    ],
    cookieBannerDismissed: [
      ["true", "true"],
      ["true + 1 character", "truee"],
      ["4000 bytes", "t".repeat(HUGE)],
    ],
    idToken: [
      ["a valid token for a 254-character email", maxToken],
      ["that token + 1 character", maxToken + "A"],
      ["a valid 4000-byte token", hugeToken],
      ["an unsigned token (alg none)", `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ email: "x@y.z" })).toString("base64url")}.`],
    ],
    web_view: [
      ["true", "true"],
      ["true + 1 character", "truee"],
      ["4000 bytes", "w".repeat(HUGE)],
    ],
    patientId: [
      ["the largest integer", "2147483647"],
      ["one past it", "2147483648"],
      ["4000 bytes", "9".repeat(HUGE)],
    ],
  };
}

/** Cookie names in the app's source: read through readCookies()/the parsed jar, or written with serialize(). */
function cookieNamesInSource(): Set<string> {
  const files: string[] = [path.join(ROOT, "server.ts")];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name)) files.push(file);
    }
  };
  walk(path.join(ROOT, "app"));
  const names = new Set<string>();
  const patterns = [
    /readCookies\([^)]*\)\.(\w+)/g,
    /readCookies\([^)]*\)\[\s*"([^"]+)"\s*\]/g,
    /\bjar\.(\w+)/g,
    /\bserialize(?:Cookie)?\(\s*"([^"]+)"/g,
    /COOKIE_NAME\s*=\s*"([^"]+)"/g,
  ];
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    for (const pattern of patterns) for (const match of source.matchAll(pattern)) names.add(match[1]);
  }
  return names;
}

/** The first free time the times page offers for a cleaning at fenway (parsed from its radio buttons). */
async function firstOfferedSlot(url: string): Promise<string> {
  const jar = (await bookingCookie.serialize(completeState("cleaning"))).split(";")[0];
  const html = await (await fetch(`${url}/booking/times`, { headers: { Cookie: jar }, redirect: "manual" })).text();
  const slot = /name="slot" value="([^"]+)"/.exec(html)?.[1];
  if (!slot) throw new Error("the times page offered no time");
  return slot;
}

describe("cookies at and past their limits, on every page of the real server", () => {
  let server: ServerChild;
  let dataDir: string;
  let realToken: string;

  beforeAll(async () => {
    dataDir = templateDataDir("dental-cookie-limits-");
    server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, NODE_ENV: "production", DEV_ROUTES: "true" });
    // A real visit, so its page and calendar file are tested with every cookie too.
    const startsAt = new Date(await firstOfferedSlot(server.url));
    const state = completeState("cleaning", {
      slot: { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString() },
      email: `limits-${Date.now()}@example.com`,
    });
    const jar = (await bookingCookie.serialize(state)).split(";")[0];
    const res = await fetch(`${server.url}/booking/confirmation`, { method: "POST", body: new URLSearchParams(), headers: { Cookie: jar }, redirect: "manual" });
    const token = /^\/booking\/confirmed\/([A-Za-z0-9_-]+)/.exec(res.headers.get("location") ?? "")?.[1];
    if (!token) throw new Error(`booking failed: ${res.status} ${res.headers.get("location")}`);
    realToken = token;
  });
  afterAll(async () => {
    if (server) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends them to every page: the site's, every booking step, the visit page, the dev outbox", () => {
    const list = pages(realToken);
    for (const page of ["/", "/about", "/terms", "/booking", "/dev/outbox", "/no-such-page", `/booking/confirmed/${realToken}`, `/booking/confirmed/${realToken}/calendar.ics`]) {
      expect(list).toContain(page);
    }
    for (const step of STEP_IDS) expect(list).toContain(`/booking/${step}`);
    expect(list.filter((p) => p.startsWith("/booking/confirmed/") && !p.includes(realToken)).length).toBeGreaterThanOrEqual(2);
  });

  it("covers every cookie the app sets or reads, and the spec's cookies", async () => {
    const covered = Object.keys(await cookieVariants());
    const inSource = [...cookieNamesInSource()];
    expect(inSource.length).toBeGreaterThanOrEqual(7);
    expect(covered).toEqual(expect.arrayContaining(inSource));
    // spec §3: patientId, idToken, web_view, utmParams, gclid, cookieBannerDismissed
    expect(covered).toEqual(expect.arrayContaining(["patientId", "idToken", "web_view", "utmParams", "gclid", "cookieBannerDismissed"]));
  });

  /**
   * A kept-alive connection the server closes as idle just as the next request goes out ("other side closed", seen
   * once in a full run at load 9) never reached the app: that request is sent again, on a new connection, once.
   */
  const fetchOnce = async (url: string, init: RequestInit) => {
    try {
      return await fetch(url, init);
    } catch (error) {
      if ((error as Error & { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw error;
      return fetch(url, init);
    }
  };

  it("no page answers 500 to any cookie at its limit, one past it, 4000 bytes, or all at their limit at once", async () => {
    const variants = await cookieVariants();
    const empty = (await bookingCookie.serialize(completeState("cleaning"))).split(";")[0];
    const jars: [string, string][] = [];
    for (const [name, values] of Object.entries(variants)) {
      for (const [label, value] of values) {
        jars.push([`${name}: ${label}`, `${name}=${value}`]);
        // the same beside a booking in progress, so the step pages do their real work
        if (name !== BOOKING_COOKIE_NAME) jars.push([`${name}: ${label}, with a booking`, `${empty}; ${name}=${value}`]);
      }
    }
    jars.push(["every cookie at its limit at once", Object.entries(variants).map(([name, values]) => `${name}=${values[0][1]}`).join("; ")]);

    const failures: string[] = [];
    const refused = bookingStateSchema.safeParse(WORST).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    if (refused) failures.push(`the booking schema refuses values the other rules accept: ${refused.join("; ")}`);
    const queue = pages(realToken).flatMap((page) => jars.map(([label, cookie]) => ({ page, label, cookie })));
    const worker = async () => {
      for (let job = queue.pop(); job; job = queue.pop()) {
        try {
          const res = await fetchOnce(`${server.url}${job.page}`, { headers: { Cookie: job.cookie }, redirect: "manual" });
          await res.arrayBuffer();
          if (res.status >= 500) failures.push(`${job.page} with ${job.label}: ${res.status}`);
        } catch (error) {
          // A connection the server dropped mid-answer is a failure of that page, named like a 500.
          failures.push(`${job.page} with ${job.label}: ${(error as Error & { cause?: Error }).cause?.message ?? error}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(failures).toEqual([]);
    expect(server.stderr()).not.toMatch(/^\[(error|render)\]/m);
  }, 300_000);

  it("the values at the limit are accepted, not only survived", async () => {
    const variants = await cookieVariants();
    const get = async (page: string, cookie: string) => fetch(`${server.url}${page}`, { headers: { Cookie: cookie }, redirect: "manual" });
    const value = (name: string) => `${name}=${variants[name][0][1]}`;
    // What a page shows, not its scripts: the data it hydrates with carries the chrome's messages (decision 027).
    const shown = async (res: Response) => (await res.text()).replace(/<script\b[\s\S]*?<\/script>/g, "");

    // the sweep reached the real pages, not only "not found" answers
    expect((await get("/dev/outbox", "")).status).toBe(200);
    expect((await get(`/booking/confirmed/${realToken}`, "")).status).toBe(200);
    expect((await get(`/booking/confirmed/${realToken}/calendar.ics`, "")).status).toBe(200);
    // the largest valid booking is read back, not treated as a fresh start
    expect(bookingStateSchema.safeParse(WORST).success).toBe(true);
    const markets = await (await get("/booking/markets", value(BOOKING_COOKIE_NAME))).text();
    expect(checkedMarket(markets)).toBe("washington-dc");
    // a 64-character referral code goes into the booking
    const entry = await get("/booking", value("referralCode"));
    expect(entry.status).toBe(303);
    expect((await readBooking(entry)).referralCode).toBe("r".repeat(64));
    // utm values of 200 characters still name the market
    expect(checkedMarket(await (await get("/booking/markets", value("utmParams"))).text())).toBe("new-york-city");
    // a validly signed token for the longest email is read, but signs nobody in without its session row
    // (decision 010; tests/integration/auth-accounts.test.ts signs in with a real session)
    const signedOnly = await get("/", value("idToken"));
    expect(signedOnly.status).toBe(200);
    expect(await shown(signedOnly)).not.toContain("Signed in as");
    expect(await shown(await get("/", "idToken=" + variants.idToken[1][1]))).not.toContain("Signed in as");
    // the banner dismissal and the web view
    expect(await shown(await get("/", value("cookieBannerDismissed")))).not.toContain("Cookie notice");
    expect(await shown(await get("/", "cookieBannerDismissed=truee"))).toContain("Cookie notice");
    // the language: a known one is spoken, an unknown or oversized one is English
    expect(await (await get("/", value("lang"))).text()).toContain('<html lang="es-US">');
    expect(await (await get("/", "lang=xx-XX")).text()).toContain('<html lang="en-US">');
    expect(await (await get("/", value("web_view"))).text()).toContain("maximum-scale=1");
    expect(await (await get("/", "web_view=truee")).text()).toContain("minimum-scale=1");
  });

  it("a 64-character referral code from a link (/booking?referralCode=…) reaches the booking, and stays in it", async () => {
    const code = "R".repeat(60) + "_-9z";
    const entry = await fetch(`${server.url}/booking?referralCode=${code}`, { redirect: "manual" });
    expect(entry.status).toBe(303);
    const booking = await readBooking(entry);
    expect(booking.referralCode).toBe(code);
    // the next steps keep it: choose a market with the cookie the entry set
    const jar = setCookies(entry).find((c) => c.startsWith(`${BOOKING_COOKIE_NAME}=`))!;
    const next = await fetch(`${server.url}/booking/markets`, { method: "POST", body: new URLSearchParams({ market: "boston" }), headers: { Cookie: jar }, redirect: "manual" });
    expect(next.status).toBe(303);
    expect(await readBooking(next)).toMatchObject({ market: "boston", referralCode: code });
    // a link to any page keeps the code in the first-party referral cookie; a later /booking reads it back
    const landing = await fetch(`${server.url}/about?referralCode=${code}`, { redirect: "manual" });
    const referral = setCookies(landing).find((c) => c.startsWith("referralCode="));
    expect(referral).toBeTruthy();
    const later = await fetch(`${server.url}/booking`, { headers: { Cookie: referral! }, redirect: "manual" });
    expect((await readBooking(later)).referralCode).toBe(code);
    // one character more is not a referral code: the booking goes on without one, no error
    const tooLong = await fetch(`${server.url}/booking?referralCode=${code}x`, { redirect: "manual" });
    expect(tooLong.status).toBe(303);
    expect((await readBooking(tooLong)).referralCode).toBeUndefined();
  });

  // Issue 42 E: a redirect answers before the root loader, which is where a page keeps what its URL carries.
  it("a campaign link to /booking or to a guarded step keeps its utm, gclid, referral code and language through the redirect", async () => {
    const campaign = "utm_source=newsletter&utm_campaign=spring&gclid=Cj0-abc_1&fbuy_ref_code=FRIEND42&lang=es-US";
    for (const page of ["/booking", "/booking/services", "/booking/times"]) {
      const res = await fetch(`${server.url}${page}?${campaign}`, { redirect: "manual" });
      expect([302, 303], page).toContain(res.status);
      const kept = Object.fromEntries(setCookies(res).map((c) => [c.slice(0, c.indexOf("=")), decodeURIComponent(c.slice(c.indexOf("=") + 1))]));
      expect(JSON.parse(kept.utmParams ?? "{}"), page).toMatchObject({ utm_source: "newsletter", utm_campaign: "spring" });
      expect(kept, page).toMatchObject({ gclid: "Cj0-abc_1", lang: "es-US" });
      expect(JSON.parse(kept.referralCode ?? "{}"), page).toMatchObject({ code: "FRIEND42" });
      // and the page the redirect leads to, with those cookies, is in Spanish
      const next = await fetch(new URL(res.headers.get("Location")!, server.url), { headers: { Cookie: setCookies(res).join("; ") } });
      expect(await next.text(), page).toContain('<html lang="es-US">');
    }
    // a redirect without a campaign sets none of them
    expect(setCookies(await fetch(`${server.url}/booking/services`, { redirect: "manual" })).filter((c) => /^(utmParams|gclid|referralCode|lang)=/.test(c))).toEqual([]);
  });
});

/** The market radio button a booking page has checked. */
function checkedMarket(html: string): string | undefined {
  const input = html.match(/<input [^>]*name="market"[^>]*>/g)?.find((tag) => tag.includes('checked=""'));
  return input ? /value="([^"]+)"/.exec(input)?.[1] : undefined;
}

function setCookies(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]);
}

/** The booking state a response's Set-Cookie carries. */
async function readBooking(res: Response): Promise<BookingState> {
  const jar = setCookies(res).find((c) => c.startsWith(`${BOOKING_COOKIE_NAME}=`));
  if (!jar) throw new Error(`no booking cookie set (status ${res.status})`);
  return bookingCookie.read(new Request("http://x/", { headers: { Cookie: jar } }));
}
