/**
 * The branch steps of the booking funnel (services → emergency / cosmetic / procedures / ortho → …),
 * through their exported loaders and actions with real Requests and the real encrypted cookie.
 * Only the information pages read the database (prices and durations of the catalogue): PGlite is enough.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // getEnv() reads the environment once: set it before any route module runs.
  process.env.SESSION_SECRET = "test-secret-for-booking-branch-steps-0123456789";
  process.env.DATA_DIR = `/tmp/booking-branch-steps-${process.pid}`;
});

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { advance, type StepId, type StepValues } from "~/booking/funnel";
import { emptyBookingState, quizAnswersSchema, type BookingState } from "~/booking/state";
import { bookingCookie } from "~/booking/step.server";
import * as cosmeticConsult from "~/routes/booking+/cosmetic-consult";
import * as cosmetic from "~/routes/booking+/cosmetic";
import * as emergencyType from "~/routes/booking+/emergency-type";
import * as emergency from "~/routes/booking+/emergency";
import * as freeform from "~/routes/booking+/freeform-questions";
import * as invisalignConsult from "~/routes/booking+/invisalign-consult";
import * as orthoMarkets from "~/routes/booking+/ortho-markets";
import * as orthoQuizResult from "~/routes/booking+/ortho-quiz-result";
import * as orthoQuiz from "~/routes/booking+/ortho-quiz";
import * as procedures from "~/routes/booking+/procedures";
import * as services from "~/routes/booking+/services";
import * as smileStraighteningConsult from "~/routes/booking+/smile-straightening-consult";
import * as smileStraightening from "~/routes/booking+/smile-straightening";
import * as whitening from "~/routes/booking+/whitening";
import { eq } from "drizzle-orm";
import { setDatabase, type Database } from "~/db/client.server";
import { services as servicesTable } from "~/db/schema";
import { createTestDatabase } from "../helpers/db";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase("pglite");
  // An operator's price change in the database is what the whitening page shows.
  await database.db.update(servicesTable).set({ priceCents: 45000 }).where(eq(servicesTable.code, "WHTNG"));
  setDatabase(Promise.resolve(database));
});
afterAll(async () => {
  setDatabase(undefined);
  await database?.close();
});

type RouteModule = {
  loader: (args: LoaderFunctionArgs) => Promise<Response>;
  action: (args: ActionFunctionArgs) => Promise<Response>;
};

const ORIGIN = "http://localhost";
const OPTS = { cardRequired: true, account: null }; // Boston: a card is required, as the app decides for that market

// ---- helpers ---------------------------------------------------------------------------------

type Walk = { [S in StepId]: [S, StepValues[S]] }[StepId];
/** A booking state as the funnel would have made it, by answering steps in order. */
function walk(...steps: Walk[]): BookingState {
  let state = emptyBookingState();
  for (const [step, value] of steps) state = advance(state, step, value as never, OPTS).state;
  return state;
}

async function cookieFor(state: BookingState): Promise<string> {
  return (await bookingCookie().serialize(state)).split(";")[0];
}

function get(path: string, cookie?: string): Request {
  return new Request(ORIGIN + path, { headers: cookie ? { Cookie: cookie } : {} });
}

function post(path: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}): Request {
  return new Request(ORIGIN + path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

const args = (request: Request) => ({ request, params: {}, context: {} });

async function load(route: RouteModule, path: string, cookie?: string) {
  return route.loader(args(get(path, cookie)));
}

async function submit(route: RouteModule, path: string, fields: Record<string, string>, cookie?: string) {
  return route.action(args(post(path, fields, cookie)));
}

/** The Response a loader or action threw (Remix redirects and 403s are thrown). */
async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

/** The booking cookie a response set, as a Cookie header value. */
function setCookie(res: Response): string {
  const header = res.headers.get("Set-Cookie");
  expect(header).toMatch(/^booking=/);
  return header!.split(";")[0];
}

async function stateFrom(cookie: string): Promise<BookingState> {
  return bookingCookie().read(get("/", cookie));
}

// ---- states: one per step, with every earlier step answered -----------------------------------

const atServices = () => walk(["markets", { market: "boston" }]);
const atEmergency = () => walk(["markets", { market: "boston" }], ["services", { category: "emergency" }]);
const atEmergencyType = () => walk(["markets", { market: "boston" }], ["services", { category: "emergency" }], ["emergency", {}]);
const atEmergencyFreeform = () =>
  walk(["markets", { market: "boston" }], ["services", { category: "emergency" }], ["emergency", {}], ["emergency-type", { emergencyType: "toothache" }]);
const atProcedures = () => walk(["markets", { market: "boston" }], ["services", { category: "procedures" }]);
const atConsultFreeform = () => walk(["markets", { market: "boston" }], ["services", { category: "procedures" }], ["procedures", { procedure: "implant" }]);
const atCosmetic = () => walk(["markets", { market: "boston" }], ["services", { category: "cosmetic" }]);
const atCosmeticConsult = () => walk(["markets", { market: "boston" }], ["services", { category: "cosmetic" }], ["cosmetic", { cosmeticChoice: "consult" }]);
const atWhitening = () => walk(["markets", { market: "boston" }], ["services", { category: "whitening" }]);
const atOrthoMarkets = () => walk(["markets", { market: "boston" }], ["services", { category: "ortho" }]);
const atOrthoQuiz = () => walk(["markets", { market: "boston" }], ["services", { category: "ortho" }], ["ortho-markets", { orthoMarket: "boston" }]);
const quizAnswered = (quiz: StepValues["ortho-quiz"]["quiz"]) =>
  walk(["markets", { market: "boston" }], ["services", { category: "ortho" }], ["ortho-markets", { orthoMarket: "boston" }], ["ortho-quiz", { quiz }]);
const atOrthoResult = () => quizAnswered({ concern: "crowding", priority: "discreet", ageGroup: "adult" });
const withResult = (quizResult: "invisalign" | "braces" | "smile-straightening") =>
  advance(atOrthoResult(), "ortho-quiz-result", { quizResult }, OPTS).state;

type Case = { step: StepId; route: RouteModule; ready: () => BookingState };
const CASES: Case[] = [
  { step: "services", route: services, ready: atServices },
  { step: "emergency", route: emergency, ready: atEmergency },
  { step: "emergency-type", route: emergencyType, ready: atEmergencyType },
  { step: "freeform-questions", route: freeform, ready: atEmergencyFreeform },
  { step: "procedures", route: procedures, ready: atProcedures },
  { step: "cosmetic", route: cosmetic, ready: atCosmetic },
  { step: "cosmetic-consult", route: cosmeticConsult, ready: atCosmeticConsult },
  { step: "whitening", route: whitening, ready: atWhitening },
  { step: "ortho-markets", route: orthoMarkets, ready: atOrthoMarkets },
  { step: "ortho-quiz", route: orthoQuiz, ready: atOrthoQuiz },
  { step: "ortho-quiz-result", route: orthoQuizResult, ready: atOrthoResult },
  { step: "invisalign-consult", route: invisalignConsult, ready: () => withResult("invisalign") },
  { step: "smile-straightening", route: smileStraightening, ready: () => withResult("braces") },
  { step: "smile-straightening-consult", route: smileStraighteningConsult, ready: () => withResult("smile-straightening") },
];
const path = (step: StepId) => `/booking/${step}`;

/** Choice steps: a valid answer, where it leads, the field and its message when missing. */
type ChoiceCase = { step: StepId; route: RouteModule; ready: () => BookingState; field: string; value: string; next: string; message: RegExp };
const CHOICES: ChoiceCase[] = [
  { step: "services", route: services, ready: atServices, field: "category", value: "cleaning", next: "/booking/studios", message: /Choose what you’d like to come in for/ },
  { step: "emergency-type", route: emergencyType, ready: atEmergencyType, field: "emergencyType", value: "broken-tooth", next: "/booking/freeform-questions", message: /kind of emergency/ },
  { step: "procedures", route: procedures, ready: atProcedures, field: "procedure", value: "crown", next: "/booking/freeform-questions", message: /Choose the consult/ },
  { step: "cosmetic", route: cosmetic, ready: atCosmetic, field: "cosmeticChoice", value: "consult", next: "/booking/cosmetic-consult", message: /cosmetic consult or teeth whitening/ },
  { step: "cosmetic-consult", route: cosmeticConsult, ready: atCosmeticConsult, field: "serviceType", value: "BOTOXCON", next: "/booking/freeform-questions", message: /Choose the consult/ },
  { step: "ortho-markets", route: orthoMarkets, ready: atOrthoMarkets, field: "orthoMarket", value: "atlanta", next: "/booking/ortho-quiz", message: /city where you’d like your orthodontic consult/ },
  { step: "ortho-quiz-result", route: orthoQuizResult, ready: atOrthoResult, field: "quizResult", value: "invisalign", next: "/booking/invisalign-consult", message: /Choose the consult you’d like to book/ },
];

const INFO: { step: StepId; route: RouteModule; ready: () => BookingState; next: string }[] = [
  { step: "emergency", route: emergency, ready: atEmergency, next: "/booking/emergency-type" },
  { step: "whitening", route: whitening, ready: atWhitening, next: "/booking/studios" },
  { step: "invisalign-consult", route: invisalignConsult, ready: () => withResult("invisalign"), next: "/booking/studios" },
  { step: "smile-straightening", route: smileStraightening, ready: () => withResult("braces"), next: "/booking/studios" },
  { step: "smile-straightening-consult", route: smileStraighteningConsult, ready: () => withResult("smile-straightening"), next: "/booking/studios" },
];

const TEN_KB = "x".repeat(10 * 1024);

// ---- tests --------------------------------------------------------------------------------------

describe("booking branch steps: without a booking", () => {
  it.each(CASES)("$step: the loader redirects to /booking/markets", async ({ step, route }) => {
    const res = await thrown(load(route, path(step)));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/booking/markets");
  });

  it.each(CASES)("$step: a post redirects to /booking/markets and saves nothing", async ({ step, route }) => {
    const res = await thrown(submit(route, path(step), { category: "cleaning" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/booking/markets");
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("a tampered cookie is a fresh start, not an error", async () => {
    const real = await cookieFor(atEmergencyType());
    const tampered = real.slice(0, -6) + (real.endsWith("AAAAAA") ? "BBBBBB" : "AAAAAA");
    const res = await thrown(load(emergencyType, "/booking/emergency-type", tampered));
    expect(res.headers.get("Location")).toBe("/booking/markets");
  });
});

describe("booking branch steps: guard and Back", () => {
  it.each(CASES)("$step: opens once every earlier step is done, with a Back link", async ({ step, route, ready }) => {
    const res = await load(route, path(step), await cookieFor(ready()));
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.title).toEqual(expect.any(String));
    expect(data.back).toMatch(/^\/booking\//);
  });

  it("Back goes to the step before on the patient's own route", async () => {
    const backOf = async (route: RouteModule, step: StepId, state: BookingState) =>
      (await (await load(route, path(step), await cookieFor(state))).json()).back;
    expect(await backOf(services, "services", atServices())).toBe("/booking/markets");
    expect(await backOf(emergencyType, "emergency-type", atEmergencyType())).toBe("/booking/emergency");
    expect(await backOf(freeform, "freeform-questions", atEmergencyFreeform())).toBe("/booking/emergency-type");
    expect(await backOf(freeform, "freeform-questions", atConsultFreeform())).toBe("/booking/procedures");
    expect(await backOf(whitening, "whitening", atWhitening())).toBe("/booking/services");
    const viaCosmetic = walk(["markets", { market: "boston" }], ["services", { category: "cosmetic" }], ["cosmetic", { cosmeticChoice: "whitening" }]);
    expect(await backOf(whitening, "whitening", viaCosmetic)).toBe("/booking/cosmetic");
    expect(await backOf(smileStraightening, "smile-straightening", withResult("braces"))).toBe("/booking/ortho-quiz-result");
  });

  it("a step that is not on the patient's route sends them back to where they are", async () => {
    const cleaning = walk(["markets", { market: "boston" }], ["services", { category: "cleaning" }]);
    const res = await thrown(load(whitening, "/booking/whitening", await cookieFor(cleaning)));
    expect(res.headers.get("Location")).toBe("/booking/studios");
    const early = await thrown(load(emergencyType, "/booking/emergency-type", await cookieFor(atEmergency())));
    expect(early.headers.get("Location")).toBe("/booking/emergency"); // the information page is not skipped
  });

  it("refuses a post from another site", async () => {
    const request = post("/booking/services", { category: "cleaning" }, await cookieFor(atServices()), { Origin: "https://evil.example" });
    const res = await thrown(services.action(args(request)));
    expect(res.status).toBe(403);
  });
});

describe("booking branch steps: choice steps", () => {
  it.each(CHOICES)("$step: a valid answer is saved and leads on with 303", async ({ step, route, ready, field, value, next }) => {
    const res = await submit(route, path(step), { [field]: value }, await cookieFor(ready()));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(next);
    const state = await stateFrom(setCookie(res));
    expect(state.completed).toContain(step);
    expect((state as Record<string, unknown>)[field]).toBe(value);
  });

  it.each(CHOICES)("$step: a missing answer is a 400 with a message for the patient", async ({ step, route, ready, field, message }) => {
    const res = await submit(route, path(step), {}, await cookieFor(ready()));
    expect(res.status).toBe(400);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect((await res.json()).error[field][0]).toMatch(message);
  });

  it.each(CHOICES)("$step: an unknown value is a 400 and the typed value comes back", async ({ step, route, ready, field, message }) => {
    const res = await submit(route, path(step), { [field]: "not-a-real-option" }, await cookieFor(ready()));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error[field][0]).toMatch(message);
    expect(body.initialValue[field]).toBe("not-a-real-option");
  });

  it.each(CHOICES)("$step: a 10 KB value is a 400, not a 500", async ({ step, route, ready, field, message }) => {
    const res = await submit(route, path(step), { [field]: TEN_KB }, await cookieFor(ready()));
    expect(res.status).toBe(400);
    expect((await res.json()).error[field][0]).toMatch(message);
  });

  it.each(CHOICES)("$step: a body that is not a form is a 400", async ({ step, route, ready, field }) => {
    const request = new Request(ORIGIN + path(step), {
      method: "POST",
      body: JSON.stringify({ [field]: "x" }),
      headers: { Cookie: await cookieFor(ready()), "Content-Type": "application/json" },
    });
    const res = await route.action(args(request));
    expect(res.status).toBe(400);
  });

  it.each(CHOICES)("$step: the answer is pre-filled when the patient comes back", async ({ step, route, ready, field, value }) => {
    const answered = await submit(route, path(step), { [field]: value }, await cookieFor(ready()));
    const res = await load(route, path(step), setCookie(answered));
    const data = await res.json();
    // ortho-quiz-result sends the patient's choice as quizResult; the others use the field's own name.
    expect(data[field]).toBe(value);
  });

  it("services: each category opens its own branch", async () => {
    const cookie = await cookieFor(atServices());
    const expected = {
      cleaning: "/booking/studios",
      whitening: "/booking/whitening",
      emergency: "/booking/emergency",
      cosmetic: "/booking/cosmetic",
      procedures: "/booking/procedures",
      ortho: "/booking/ortho-markets",
    };
    for (const [category, next] of Object.entries(expected)) {
      const res = await submit(services, "/booking/services", { category }, cookie);
      expect(res.headers.get("Location"), category).toBe(next);
    }
    const data = await (await load(services, "/booking/services", cookie)).json();
    expect(data.choices.map((c: { label: string }) => c.label)).toEqual([
      "Checkup & cleaning",
      "Teeth whitening",
      "I’m in pain / something broke",
      "Cosmetic dentistry",
      "Implant, crown, bridge or a general consult",
      "Invisalign, braces, smile straightening",
    ]);
  });

  it("cosmetic: whitening leads to the whitening page; the consult codes are labelled", async () => {
    const res = await submit(cosmetic, "/booking/cosmetic", { cosmeticChoice: "whitening" }, await cookieFor(atCosmetic()));
    expect(res.headers.get("Location")).toBe("/booking/whitening");
    expect((await stateFrom(setCookie(res))).serviceType).toBe("WHTNG");
    const data = await (await load(cosmeticConsult, "/booking/cosmetic-consult", await cookieFor(atCosmeticConsult()))).json();
    expect(data.serviceType).toBeNull();
    expect(data.choices[0]).toMatchObject({ value: "COSCON", label: "Cosmetic consult — veneers, bonding, smile design" });
    expect(data.choices[1].value).toBe("BOTOXCON");
  });

  it("procedures: the choice sets the consult's service code", async () => {
    const res = await submit(procedures, "/booking/procedures", { procedure: "bridge" }, await cookieFor(atProcedures()));
    expect((await stateFrom(setCookie(res))).serviceType).toBe("BRGCON");
  });

  it("ortho-markets: preselects the booking's city and moves the booking there", async () => {
    const data = await (await load(orthoMarkets, "/booking/ortho-markets", await cookieFor(atOrthoMarkets()))).json();
    expect(data.orthoMarket).toBe("boston");
    const res = await submit(orthoMarkets, "/booking/ortho-markets", { orthoMarket: "atlanta" }, await cookieFor(atOrthoMarkets()));
    const state = await stateFrom(setCookie(res));
    expect(state).toMatchObject({ orthoMarket: "atlanta", market: "atlanta" });
  });
});

describe("booking branch steps: information pages", () => {
  it.each(INFO)("$step: Continue marks it read and leads on", async ({ step, route, ready, next }) => {
    const res = await submit(route, path(step), {}, await cookieFor(ready()));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(next);
    expect((await stateFrom(setCookie(res))).completed).toContain(step);
  });

  it.each(INFO)("$step: unexpected fields (10 KB of them) are ignored", async ({ step, route, ready, next }) => {
    const res = await submit(route, path(step), { junk: TEN_KB, serviceType: "CLNCHK" }, await cookieFor(ready()));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(next);
    expect((await stateFrom(setCookie(res))).serviceType).not.toBe("CLNCHK");
  });

  it("whitening shows the catalogue's price in dollars", async () => {
    const data = await (await load(whitening, "/booking/whitening", await cookieFor(atWhitening()))).json();
    expect(data.price).toBe("$450");
  });

  it("the ortho consult pages book the right service", async () => {
    expect(withResult("invisalign").serviceType).toBe("INVISALN");
    expect(withResult("braces").serviceType).toBe("BRACESCON");
    expect(withResult("smile-straightening").serviceType).toBe("INVISALN");
    const data = await (await load(smileStraightening, "/booking/smile-straightening", await cookieFor(withResult("braces")))).json();
    expect(data.minutes).toBe(30);
  });
});

describe("booking branch steps: freeform-questions", () => {
  const url = "/booking/freeform-questions";

  it("is required for an emergency", async () => {
    const cookie = await cookieFor(atEmergencyFreeform());
    expect((await (await load(freeform, url, cookie)).json()).required).toBe(true);
    for (const fields of [{}, { freeform: "" }, { freeform: "   \n  " }] as Record<string, string>[]) {
      const res = await submit(freeform, url, fields, cookie);
      expect(res.status).toBe(400);
      expect((await res.json()).error.freeform[0]).toMatch(/Please tell us briefly what is going on/);
    }
    const ok = await submit(freeform, url, { freeform: "  Lower left molar hurts since Tuesday.  " }, cookie);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/booking/studios");
    expect((await stateFrom(setCookie(ok))).freeform).toBe("Lower left molar hurts since Tuesday.");
  });

  it("is optional for a consult: an empty answer still completes the step", async () => {
    const cookie = await cookieFor(atConsultFreeform());
    expect((await (await load(freeform, url, cookie)).json()).required).toBe(false);
    const res = await submit(freeform, url, {}, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/booking/studios");
    const state = await stateFrom(setCookie(res));
    expect(state.freeform).toBe("");
    expect(state.completed).toContain("freeform-questions");
  });

  it("rejects a description that is too long, keeping what was typed", async () => {
    const cookie = await cookieFor(atEmergencyFreeform());
    for (const text of ["a".repeat(1001), TEN_KB]) {
      const res = await submit(freeform, url, { freeform: text }, cookie);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.freeform[0]).toBe("Please shorten your description to 1,000 characters or fewer.");
      expect(body.initialValue.freeform).toBe(text);
    }
    expect((await submit(freeform, url, { freeform: "a".repeat(1000) }, cookie)).status).toBe(303);
  });

  it("rejects a description that fits in characters but not in the cookie's byte budget", async () => {
    const res = await submit(freeform, url, { freeform: "歯".repeat(400) }, await cookieFor(atEmergencyFreeform()));
    expect(res.status).toBe(400);
    expect((await res.json()).error.freeform[0]).toMatch(/Please shorten your description/);
  });

  it("is pre-filled when the patient comes back", async () => {
    const answered = await submit(freeform, url, { freeform: "Crown came off" }, await cookieFor(atEmergencyFreeform()));
    expect((await (await load(freeform, url, setCookie(answered))).json()).freeform).toBe("Crown came off");
  });
});

describe("booking branch steps: ortho quiz", () => {
  it("saves the answers, suggests a consult, and the patient may choose another", async () => {
    const quiz = await submit(orthoQuiz, "/booking/ortho-quiz", { concern: "bite", priority: "discreet", ageGroup: "teen" }, await cookieFor(atOrthoQuiz()));
    expect(quiz.status).toBe(303);
    expect(quiz.headers.get("Location")).toBe("/booking/ortho-quiz-result");
    let cookie = setCookie(quiz);
    expect(await stateFrom(cookie)).toMatchObject({ quiz: { concern: "bite", priority: "discreet", ageGroup: "teen" }, quizResult: "braces" });

    let data = await (await load(orthoQuizResult, "/booking/ortho-quiz-result", cookie)).json();
    expect(data.recommended.value).toBe("braces");
    expect(data.recommended.because).toMatch(/Bite problems/);
    expect(data.quizResult).toBe("braces");
    expect(data.choices.map((c: { value: string }) => c.value)).toEqual(["invisalign", "braces", "smile-straightening"]);
    expect(data.choices[1].label).toMatch(/recommended for you/);

    const chosen = await submit(orthoQuizResult, "/booking/ortho-quiz-result", { quizResult: "smile-straightening" }, cookie);
    expect(chosen.headers.get("Location")).toBe("/booking/smile-straightening-consult");
    cookie = setCookie(chosen);
    data = await (await load(orthoQuizResult, "/booking/ortho-quiz-result", cookie)).json();
    expect(data.recommended.value).toBe("braces"); // the suggestion stays
    expect(data.quizResult).toBe("smile-straightening"); // the patient's own choice is pre-selected
  });

  it("every question may be skipped; answers are pre-filled on return", async () => {
    const res = await submit(orthoQuiz, "/booking/ortho-quiz", { priority: "lowest-cost" }, await cookieFor(atOrthoQuiz()));
    expect(res.status).toBe(303);
    const cookie = setCookie(res);
    expect(await stateFrom(cookie)).toMatchObject({ quiz: { priority: "lowest-cost" }, quizResult: "braces" });
    const data = await (await load(orthoQuiz, "/booking/ortho-quiz", cookie)).json();
    expect(data.quiz).toEqual({ priority: "lowest-cost" });
  });

  it("offers exactly the answers the booking state accepts", async () => {
    const data = await (await load(orthoQuiz, "/booking/ortho-quiz", await cookieFor(atOrthoQuiz()))).json();
    const offered = Object.fromEntries(data.questions.map((q: { name: string; choices: { value: string }[] }) => [q.name, q.choices.map((c) => c.value)]));
    const shape = quizAnswersSchema.shape;
    expect(offered).toEqual({
      concern: shape.concern.unwrap().options,
      priority: shape.priority.unwrap().options,
      ageGroup: shape.ageGroup.unwrap().options,
    });
  });

  it("unknown or oversized answers are a 400 naming the question", async () => {
    const cookie = await cookieFor(atOrthoQuiz());
    const res = await submit(orthoQuiz, "/booking/ortho-quiz", { concern: "crowding", priority: "cheapest", ageGroup: TEN_KB }, cookie);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.priority[0]).toMatch(/Choose one of the answers listed/);
    expect(body.error.ageGroup[0]).toMatch(/Choose one of the answers listed/);
    expect(body.error.concern).toBeUndefined();
    expect(body.initialValue.concern).toBe("crowding");
  });
});

describe("booking branch steps: a whole branch by cookie alone", () => {
  it("emergency: services → emergency → emergency-type → freeform-questions → studios", async () => {
    let cookie = await cookieFor(atServices());
    const steps: [RouteModule, string, Record<string, string>, string][] = [
      [services, "/booking/services", { category: "emergency" }, "/booking/emergency"],
      [emergency, "/booking/emergency", {}, "/booking/emergency-type"],
      [emergencyType, "/booking/emergency-type", { emergencyType: "swelling" }, "/booking/freeform-questions"],
      [freeform, "/booking/freeform-questions", { freeform: "Swollen gum, upper right." }, "/booking/studios"],
    ];
    for (const [route, url, fields, next] of steps) {
      expect((await load(route, url, cookie)).status).toBe(200);
      const res = await submit(route, url, fields, cookie);
      expect(res.headers.get("Location"), url).toBe(next);
      cookie = setCookie(res);
    }
    expect(await stateFrom(cookie)).toMatchObject({
      market: "boston",
      category: "emergency",
      serviceType: "EMERG",
      emergencyType: "swelling",
      freeform: "Swollen gum, upper right.",
    });
  });
});
