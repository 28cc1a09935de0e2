import { describe, expect, it } from "vitest";
import {
  advance,
  applyDeepLink,
  cardRequired,
  forgetPerson,
  guard,
  orthoQuizResult,
  pathFor,
  previous,
  resumePath,
  STEPS,
  stepsFor,
  type FunnelOptions,
  type StepValues,
} from "~/booking/funnel";
import { bookingStateSchema, STEP_IDS, type BookingState, type StepId } from "~/booking/state";

/** A card expiry year that is always a few years ahead (a fixed year would expire and fail the tests). */
const CARD_YEAR = new Date().getFullYear() + 4;

const card: FunnelOptions = { cardRequired: true, account: null };
const noCard: FunnelOptions = { cardRequired: false, account: null };
const empty = (): BookingState => ({ completed: [] });

/** Walk the funnel from empty, asserting each `next` is the following step given. */
function walk(steps: [StepId, unknown][], opts = card): { state: BookingState; nexts: string[] } {
  let state = empty();
  const nexts: string[] = [];
  for (const [step, value] of steps) {
    expect(guard(state, step, opts)).toEqual({ ok: true });
    const r = advance(state, step, value as StepValues[typeof step], opts);
    state = r.state;
    nexts.push(r.next);
    expect(bookingStateSchema.safeParse(state).success).toBe(true);
  }
  return { state, nexts };
}

const slot = { startsAt: "2027-03-15T09:00:00-04:00", endsAt: "2027-03-15T10:00:00-04:00" };
const contact = { firstName: "Ana", lastName: "Lee", phone: "2025550123", dateOfBirth: "1990-04-01", preferences: {} };
const tail: [StepId, unknown][] = [
  ["studios", { studio: "fenway" }],
  ["times", { slot }],
  ["email", { email: "ana@example.com" }],
  ["contact-info", { contact }],
  ["insurance", { insurance: { kind: "carrier", carrier: "METLIFE", memberId: "X1" } }],
  ["insurance-status", {}],
  ["payment-info", { payment: { brand: "visa", last4: "4242", expMonth: 12, expYear: CARD_YEAR, token: "tok_1" } }],
];
const TAIL_PATHS = tail.map(([s]) => pathFor(s)).slice(1).concat(pathFor("confirmation"));

describe("steps and paths", () => {
  it("every step has a /booking/<id> path", () => {
    for (const id of STEP_IDS) expect(STEPS[id].path).toBe(`/booking/${id}`);
  });
  it("an empty booking starts at markets and shows the common tail", () => {
    expect(stepsFor(empty(), card)).toEqual([
      "markets", "services", "studios", "times", "email", "contact-info", "insurance", "insurance-status", "payment-info", "confirmation",
    ]);
    expect(resumePath(empty(), card)).toBe("/booking/markets");
  });
});

describe("branches", () => {
  it("cleaning goes straight from services to studios", () => {
    const { state, nexts } = walk([["markets", { market: "boston" }], ["services", { category: "cleaning" }], ...tail]);
    expect(nexts).toEqual(["/booking/services", "/booking/studios", ...TAIL_PATHS]);
    expect(state.serviceType).toBe("CLNCHK");
    expect(guard(state, "confirmation", card)).toEqual({ ok: true });
  });

  it("emergency: emergency → emergency-type → freeform-questions → studios, service EMERG", () => {
    const { state, nexts } = walk([
      ["markets", { market: "atlanta" }],
      ["services", { category: "emergency" }],
      ["emergency", {}],
      ["emergency-type", { emergencyType: "toothache" }],
      ["freeform-questions", { freeform: "Lower left molar hurts" }],
    ]);
    expect(nexts).toEqual(["/booking/services", "/booking/emergency", "/booking/emergency-type", "/booking/freeform-questions", "/booking/studios"]);
    expect(state.serviceType).toBe("EMERG");
  });

  it("cosmetic → cosmetic-consult sets COSCON or BOTOXCON and asks for a description", () => {
    const { state, nexts } = walk([
      ["markets", { market: "new-york-city" }],
      ["services", { category: "cosmetic" }],
      ["cosmetic", { cosmeticChoice: "consult" }],
      ["cosmetic-consult", { serviceType: "BOTOXCON" }],
    ]);
    expect(nexts.slice(1)).toEqual(["/booking/cosmetic", "/booking/cosmetic-consult", "/booking/freeform-questions"]);
    expect(state.serviceType).toBe("BOTOXCON");
  });

  it("cosmetic → whitening sets WHTNG with no description step", () => {
    const { state, nexts } = walk([
      ["markets", { market: "boston" }],
      ["services", { category: "cosmetic" }],
      ["cosmetic", { cosmeticChoice: "whitening" }],
      ["whitening", {}],
    ]);
    expect(nexts.slice(1)).toEqual(["/booking/cosmetic", "/booking/whitening", "/booking/studios"]);
    expect(state.serviceType).toBe("WHTNG");
    expect(stepsFor(state, card)).not.toContain("freeform-questions");
  });

  it("whitening straight from services", () => {
    const { state, nexts } = walk([["markets", { market: "boston" }], ["services", { category: "whitening" }], ["whitening", {}]]);
    expect(nexts.slice(1)).toEqual(["/booking/whitening", "/booking/studios"]);
    expect(state.serviceType).toBe("WHTNG");
  });

  it.each([
    ["general", "GENOCON"],
    ["implant", "IMPCON"],
    ["crown", "CRNCON"],
    ["bridge", "BRGCON"],
  ] as const)("procedures: %s → %s, then a description", (procedure, code) => {
    const { state, nexts } = walk([["markets", { market: "washington-dc" }], ["services", { category: "procedures" }], ["procedures", { procedure }]]);
    expect(nexts.slice(1)).toEqual(["/booking/procedures", "/booking/freeform-questions"]);
    expect(state.serviceType).toBe(code);
  });

  it.each([
    [{ priority: "discreet", concern: "gaps", ageGroup: "adult" }, "invisalign", "invisalign-consult", "INVISALN"],
    [{ concern: "bite" }, "braces", "smile-straightening", "BRACESCON"],
    [{ concern: "not-sure" }, "smile-straightening", "smile-straightening-consult", "INVISALN"],
  ] as const)("ortho quiz %o → %s → %s (%s)", (quiz, result, consult, code) => {
    const { state, nexts } = walk([
      ["markets", { market: "boston" }],
      ["services", { category: "ortho" }],
      ["ortho-markets", { orthoMarket: "new-york-city" }],
      ["ortho-quiz", { quiz }],
      ["ortho-quiz-result", { quizResult: result }],
      [consult, {}],
    ]);
    expect(nexts.slice(1)).toEqual(["/booking/ortho-markets", "/booking/ortho-quiz", "/booking/ortho-quiz-result", `/booking/${consult}`, "/booking/studios"]);
    expect(state.quizResult).toBe(result);
    expect(state.serviceType).toBe(code);
    expect(state.market).toBe("new-york-city"); // the ortho consult's market becomes the booking's market
  });

  it("ortho-quiz-result may override the suggestion", () => {
    const { state } = walk([
      ["markets", { market: "boston" }],
      ["services", { category: "ortho" }],
      ["ortho-markets", { orthoMarket: "boston" }],
      ["ortho-quiz", { quiz: { concern: "bite" } }],
      ["ortho-quiz-result", { quizResult: "invisalign" }],
    ]);
    expect(stepsFor(state, card)).toContain("invisalign-consult");
    expect(stepsFor(state, card)).not.toContain("smile-straightening");
  });

  it("quiz suggestions", () => {
    expect(orthoQuizResult({})).toBe("smile-straightening");
    expect(orthoQuizResult({ ageGroup: "child", priority: "discreet" })).toBe("braces");
    expect(orthoQuizResult({ concern: "crowding", priority: "lowest-cost" })).toBe("braces");
    expect(orthoQuizResult({ concern: "crowding", priority: "fastest" })).toBe("invisalign");
  });

  it("self-pay skips insurance-status; no card skips payment-info", () => {
    const { state, nexts } = walk(
      [
        ["markets", { market: "nashville" }],
        ["services", { category: "cleaning" }],
        ...tail.slice(0, 4),
        ["insurance", { insurance: { kind: "self-pay" } }],
      ],
      noCard,
    );
    expect(nexts.at(-1)).toBe("/booking/confirmation");
    expect(stepsFor(state, noCard)).not.toContain("insurance-status");
    expect(stepsFor(state, noCard)).not.toContain("payment-info");
  });
});

describe("guard", () => {
  it("redirects to the first incomplete earlier step", () => {
    expect(guard(empty(), "times", card)).toEqual({ redirect: "/booking/markets" });
    const s = advance(advance(empty(), "markets", { market: "boston" }, card).state, "services", { category: "emergency" }, card).state;
    expect(guard(s, "studios", card)).toEqual({ redirect: "/booking/emergency" });
    expect(guard(s, "emergency", card)).toEqual({ ok: true });
  });

  it("a step of another branch resumes the booking", () => {
    const s = advance(advance(empty(), "markets", { market: "boston" }, card).state, "services", { category: "cleaning" }, card).state;
    expect(guard(s, "whitening", card)).toEqual({ redirect: "/booking/studios" });
  });

  it("completion without its answer does not count (e.g. a hand-made cookie)", () => {
    expect(guard({ completed: ["markets"] }, "services", card)).toEqual({ redirect: "/booking/markets" });
  });

  it("payment-info is only guarded for when a card is required", () => {
    const { state } = walk([["markets", { market: "boston" }], ["services", { category: "cleaning" }], ...tail.slice(0, 6)]);
    expect(guard(state, "confirmation", card)).toEqual({ redirect: "/booking/payment-info" });
    expect(guard(state, "confirmation", noCard)).toEqual({ ok: true });
    expect(guard(state, "payment-info", noCard)).toEqual({ redirect: "/booking/confirmation" });
  });
});

describe("back links", () => {
  it("follow the patient's route", () => {
    const { state } = walk([["markets", { market: "boston" }], ["services", { category: "cosmetic" }], ["cosmetic", { cosmeticChoice: "whitening" }]]);
    expect(previous(state, "markets", card)).toBeNull();
    expect(previous(state, "whitening", card)).toBe("/booking/cosmetic");
    expect(previous(state, "studios", card)).toBe("/booking/whitening");
    expect(previous(state, "confirmation", card)).toBe("/booking/payment-info");
    expect(previous(state, "confirmation", noCard)).toBe("/booking/insurance-status");
  });
  it("cleaning's studios goes back to services; unknown step → null", () => {
    const { state } = walk([["markets", { market: "boston" }], ["services", { category: "cleaning" }]]);
    expect(previous(state, "studios", card)).toBe("/booking/services");
    expect(previous(state, "emergency", card)).toBeNull();
  });
});

describe("branch switching", () => {
  const booked = () =>
    walk([["markets", { market: "boston" }], ["services", { category: "procedures" }], ["procedures", { procedure: "crown" }], ["freeform-questions", { freeform: "chipped" }], ...tail]).state;

  it("changing the service drops the old branch and the slot, keeps the studio and contact", () => {
    const r = advance(booked(), "services", { category: "cleaning" }, card);
    expect(r.state.serviceType).toBe("CLNCHK");
    expect(r.state.procedure).toBeUndefined();
    expect(r.state.freeform).toBeUndefined();
    expect(r.state.slot).toBeUndefined();
    expect(r.state.completed).not.toContain("procedures");
    expect(r.state.completed).not.toContain("times");
    expect(r.state.studio).toBe("fenway");
    expect(r.state.contact).toEqual(contact);
    expect(r.next).toBe("/booking/times"); // skips the still-valid studio choice
  });

  it("changing the procedure keeps the branch but drops the slot (different service)", () => {
    const r = advance(booked(), "procedures", { procedure: "bridge" }, card);
    expect(r.state.serviceType).toBe("BRGCON");
    expect(r.state.freeform).toBe("chipped");
    expect(r.state.slot).toBeUndefined();
    expect(r.next).toBe("/booking/times");
  });

  it("re-submitting the same answer drops nothing", () => {
    const before = booked();
    const r = advance(before, "services", { category: "procedures" }, card);
    expect(r.state).toEqual({ ...before, completed: expect.arrayContaining(before.completed) });
    expect(r.next).toBe("/booking/confirmation");
  });

  it("changing the market drops studio, slot and card", () => {
    const r = advance(booked(), "markets", { market: "atlanta" }, card);
    expect(r.state.studio).toBeUndefined();
    expect(r.state.slot).toBeUndefined();
    expect(r.state.payment).toBeUndefined();
    expect(r.state.procedure).toBe("crown");
    expect(r.next).toBe("/booking/studios");
  });

  it("changing the studio drops the slot", () => {
    const r = advance(booked(), "studios", { studio: "kendall-square" }, card);
    expect(r.state.slot).toBeUndefined();
    expect(r.next).toBe("/booking/times");
  });

  it("switching cosmetic consult → whitening drops the consult answers", () => {
    let s = walk([["markets", { market: "boston" }], ["services", { category: "cosmetic" }], ["cosmetic", { cosmeticChoice: "consult" }], ["cosmetic-consult", { serviceType: "COSCON" }], ["freeform-questions", { freeform: "veneers" }]]).state;
    s = advance(s, "cosmetic", { cosmeticChoice: "whitening" }, card).state;
    expect(s.serviceType).toBe("WHTNG");
    expect(s.freeform).toBeUndefined();
    expect(s.completed).not.toContain("cosmetic-consult");
    // and back again: the consult must be chosen anew
    s = advance(s, "cosmetic", { cosmeticChoice: "consult" }, card).state;
    expect(s.serviceType).toBeUndefined();
    expect(guard(s, "studios", card)).toEqual({ redirect: "/booking/cosmetic-consult" });
  });

  it("changing the insurance asks for the insurance notice again; switching to self-pay removes it", () => {
    const s = booked();
    const r = advance(s, "insurance", { insurance: { kind: "carrier", carrier: "GUARDIAN" } }, card);
    expect(r.next).toBe("/booking/insurance-status");
    const selfPay = advance(s, "insurance", { insurance: { kind: "self-pay" } }, card);
    expect(selfPay.next).toBe("/booking/confirmation");
  });

  it("advance only takes the step's own fields", () => {
    const r = advance(empty(), "markets", { market: "boston", email: "x@example.com" } as never, card);
    expect(r.state.email).toBeUndefined();
  });

  it("a card no longer required is dropped", () => {
    const r = advance(booked(), "email", { email: "ana@example.com" }, noCard);
    expect(r.state.payment).toBeUndefined();
  });
});

describe("a logged-in patient (the account's email, no email step)", () => {
  const account = { cardRequired: true, account: { personId: 7, email: "ana@example.com" } };
  const upToTimes = tail.slice(0, 2);
  const base: [StepId, unknown][] = [["markets", { market: "boston" }], ["services", { category: "cleaning" }]];

  it("the route has no email step: times leads to contact-info, whose Back is times", () => {
    expect(stepsFor(empty(), account)).not.toContain("email");
    const { state, nexts } = walk([...base, ...upToTimes], account);
    expect(nexts.at(-1)).toBe("/booking/contact-info");
    expect(previous(state, "contact-info", account)).toBe("/booking/times");
    expect(guard(state, "contact-info", account)).toEqual({ ok: true });
    // the email step itself is another branch for them: it resumes the booking
    expect(guard(state, "email", account)).toEqual({ redirect: "/booking/contact-info" });
  });

  it("an email typed as a guest is dropped at the next step; logged out, the email step is asked again", () => {
    const guest = walk([...base, ...upToTimes, ["email", { email: "typed@example.com" }]]).state;
    const loggedIn = advance(guest, "contact-info", { contact }, account).state;
    expect(loggedIn.email).toBeUndefined();
    expect(loggedIn.completed).not.toContain("email");
    expect(guard(loggedIn, "insurance", account)).toEqual({ ok: true });
    expect(guard(loggedIn, "insurance", card)).toEqual({ redirect: "/booking/email" });
    expect(resumePath(loggedIn, card)).toBe("/booking/email");
  });
});

describe("an account with family members (issue 20 A): who is this visit for?", () => {
  const family = { cardRequired: true, account: { personId: 7, email: "ana@example.com", hasFamily: true } };
  const upToTimes = tail.slice(0, 2);
  const base: [StepId, unknown][] = [["markets", { market: "boston" }], ["services", { category: "cleaning" }]];

  it("times leads to who, then the details; an account without family books as before", () => {
    const { state, nexts } = walk([...base, ...upToTimes], family);
    expect(nexts.at(-1)).toBe("/booking/who");
    expect(guard(state, "contact-info", family)).toEqual({ redirect: "/booking/who" });
    const chosen = advance(state, "who", { patientFor: 12 }, family);
    expect(chosen.next).toBe("/booking/contact-info");
    expect(stepsFor(empty(), { ...family, account: { ...family.account, hasFamily: false } })).not.toContain("who");
  });

  it("another person drops the details given and the second person; logging out forgets who", () => {
    let state = walk([...base, ...upToTimes], family).state;
    state = advance(state, "who", { patientFor: 12 }, family).state;
    state = advance(state, "contact-info", { contact }, family).state;
    state = { ...state, companion: { patientFor: "me", startsAt: state.slot!.startsAt } };
    const same = advance(state, "who", { patientFor: 12 }, family).state;
    expect(same.contact).toEqual(contact);
    expect(same.companion).toBeDefined();
    const other = advance(state, "who", { patientFor: "me" }, family).state;
    expect(other.contact).toBeUndefined();
    expect(other.companion).toBeUndefined();
    const out = forgetPerson(state);
    expect(out.patientFor).toBeUndefined();
    expect(out.companion).toBeUndefined();
  });
});

describe("cardRequired", () => {
  it("every market except Nashville; Nashville only with the flag", () => {
    for (const m of ["washington-dc", "new-york-city", "boston", "atlanta"] as const) expect(cardRequired(m, false)).toBe(true);
    expect(cardRequired("nashville", false)).toBe(false);
    expect(cardRequired("nashville", true)).toBe(true);
    expect(cardRequired(undefined, false)).toBe(true);
  });
});

describe("deep links", () => {
  const studios = { fenway: "boston", "east-nashville": "nashville", virtual: null } as const;
  const link = (q: string, state = empty()) => applyDeepLink(state, new URLSearchParams(q), studios);

  it("market + service + studio lands on times", () => {
    const s = link("market=boston&service=CLNCHK&studio=fenway");
    expect(s).toMatchObject({ market: "boston", category: "cleaning", serviceType: "CLNCHK", studio: "fenway" });
    expect(resumePath(s, card)).toBe("/booking/times");
    expect(guard(s, "times", card)).toEqual({ ok: true });
  });

  it("a studio alone fills its market", () => {
    const s = link("studio=fenway");
    expect(s.market).toBe("boston");
    expect(resumePath(s, card)).toBe("/booking/services");
  });

  it("a studio of another market than the link's is ignored", () => {
    expect(link("market=atlanta&studio=fenway").studio).toBeUndefined();
    expect(link("studio=virtual").studio).toBeUndefined();
  });

  it("unknown values are ignored", () => {
    expect(link("market=paris&service=NOPE&studio=nowhere")).toEqual(empty());
  });

  it("values are case-insensitive", () => {
    expect(link("market=Boston&service=clnchk")).toMatchObject({ market: "boston", serviceType: "CLNCHK" });
  });

  it("a consult code answers the choices that lead to it", () => {
    expect(link("market=boston&service=IMPCON")).toMatchObject({ category: "procedures", procedure: "implant", serviceType: "IMPCON" });
    const cos = link("market=boston&service=BOTOXCON");
    expect(cos).toMatchObject({ category: "cosmetic", cosmeticChoice: "consult", serviceType: "BOTOXCON" });
    expect(resumePath(cos, card)).toBe("/booking/freeform-questions");
  });

  it("information pages are never skipped (emergency, whitening, ortho consult)", () => {
    expect(resumePath(link("market=boston&service=EMERG"), card)).toBe("/booking/emergency");
    expect(resumePath(link("market=boston&service=WHTNG"), card)).toBe("/booking/whitening");
    const inv = link("market=boston&service=INVISALN");
    expect(inv).toMatchObject({ category: "ortho", orthoMarket: "boston", quizResult: "invisalign", serviceType: "INVISALN" });
    expect(resumePath(inv, card)).toBe("/booking/invisalign-consult");
    expect(resumePath(link("service=BRACESCON&market=boston"), card)).toBe("/booking/smile-straightening");
  });

  it("a new market in a link drops a studio of the old one", () => {
    const s = link("market=nashville", link("studio=fenway"));
    expect(s.market).toBe("nashville");
    expect(s.studio).toBeUndefined();
  });

  it("captures a referral code", () => {
    expect(link("referralCode=abc-123").referralCode).toBe("abc-123");
    expect(link("fbuy_ref_code=xyz").referralCode).toBe("xyz");
    expect(link("referralCode=<script>").referralCode).toBeUndefined();
  });
});
