import { describe, expect, it } from "vitest";
import { intakeFlow, openSteps, progressOf, type IntakeState, type IntakeStepId } from "~/intake/flow";
import { localPlanRules, runPlanCheck, type PlanCheck } from "~/intake/plan-check";

/** The intake flow as data: each case is the answers given in order and the pages the patient sees. */
const carrier = {
  kind: "carrier" as const,
  carrier: "METLIFE",
  planType: "PPO",
  memberId: "ABC123",
  subscriber: { relationship: "self" as const },
};
const health = {
  conditions: ["none"],
  takesMedications: "no" as const,
  hasAllergies: "no" as const,
  allergens: [],
  pregnancy: "no",
  tobacco: "never",
  premedication: "no",
};
const card = { front: true, back: true, later: false };
const ANSWER: Record<IntakeStepId, object> = {
  "insurance-provider": { insurance: carrier },
  "insurance-card": { card },
  "insurance-results": {},
  "medical-conditions": { health },
  "check-answers": {},
};

function walk(answers: [IntakeStepId, object][], opts = { health: true }) {
  let state: IntakeState = { completed: [] };
  const pages = [intakeFlow.resumePath(state, opts)];
  for (const [step, value] of answers) {
    const r = intakeFlow.advance(state, step, value as never, opts);
    state = r.state;
    pages.push(r.next);
  }
  return { state, pages };
}

describe("intake flow: the pages a patient sees", () => {
  const cases: { name: string; opts: { health: boolean }; answers: [IntakeStepId, object][]; pages: string[] }[] = [
    {
      name: "a consult with a carrier: provider → card → results → health → check",
      opts: { health: true },
      answers: (["insurance-provider", "insurance-card", "insurance-results", "medical-conditions"] as const).map((s) => [s, ANSWER[s]]),
      pages: [
        "/intake/insurance/provider",
        "/intake/insurance/card",
        "/intake/insurance/results",
        "/intake/personal/medical-conditions",
        "/intake/check-answers",
      ],
    },
    {
      name: "no insurance: no card, no plan check",
      opts: { health: true },
      answers: [
        ["insurance-provider", { insurance: { kind: "none" } }],
        ["medical-conditions", { health }],
      ],
      pages: ["/intake/insurance/provider", "/intake/personal/medical-conditions", "/intake/check-answers"],
    },
    {
      name: "a visit that only needs insurance: no health history",
      opts: { health: false },
      answers: (["insurance-provider", "insurance-card", "insurance-results"] as const).map((s) => [s, ANSWER[s]]),
      pages: ["/intake/insurance/provider", "/intake/insurance/card", "/intake/insurance/results", "/intake/check-answers"],
    },
  ];
  it.each(cases)("$name", ({ opts, answers, pages }) => {
    expect(walk(answers, opts).pages).toEqual(pages);
  });
});

describe("intake flow: guard, resume, stale answers, progress", () => {
  it("a later page redirects to the first open one", () => {
    const { state } = walk([["insurance-provider", ANSWER["insurance-provider"]]]);
    expect(intakeFlow.guard(state, "medical-conditions", { health: true })).toEqual({ redirect: "/intake/insurance/card" });
    expect(intakeFlow.guard(state, "insurance-card", { health: true })).toEqual({ ok: true });
  });

  it("the health page of a visit without health history resumes the flow", () => {
    expect(intakeFlow.guard({ completed: [] }, "medical-conditions", { health: false })).toEqual({ redirect: "/intake/insurance/provider" });
  });

  it("resumes where the patient left off (two sittings)", () => {
    const { state } = walk([
      ["insurance-provider", ANSWER["insurance-provider"]],
      ["insurance-card", ANSWER["insurance-card"]],
    ]);
    expect(intakeFlow.resumePath(state, { health: true })).toBe("/intake/insurance/results");
    expect(openSteps(state, { health: true })).toEqual(["insurance-results", "medical-conditions"]);
  });

  it("a changed plan is checked again; going to no insurance drops the card", () => {
    const all = walk((["insurance-provider", "insurance-card", "insurance-results", "medical-conditions"] as const).map((s) => [s, ANSWER[s]]));
    const changed = intakeFlow.advance(all.state, "insurance-provider", { insurance: { ...carrier, memberId: "NEW1" } }, { health: true });
    expect(changed.next).toBe("/intake/insurance/results");
    expect(changed.state.card).toEqual(card);
    const none = intakeFlow.advance(all.state, "insurance-provider", { insurance: { kind: "none" } }, { health: true });
    expect(none.state.card).toBeUndefined();
    expect(none.state.completed).not.toContain("insurance-card");
    expect(none.next).toBe("/intake/check-answers");
  });

  it("Back goes to the previous page of this patient's route", () => {
    const { state } = walk([["insurance-provider", { insurance: { kind: "none" } }]]);
    expect(intakeFlow.previous(state, "medical-conditions", { health: true })).toBe("/intake/insurance/provider");
    expect(intakeFlow.previous(state, "insurance-provider", { health: true })).toBeNull();
  });

  it.each([
    [{ health: true }, "insurance-results", { index: 3, total: 5 }],
    [{ health: false }, "check-answers", { index: 4, total: 4 }],
  ] as const)("progress line %#", (opts, step, progress) => {
    expect(progressOf({ completed: [] }, step, opts)).toEqual(progress);
  });
});

describe("plan check: the practice's local rules (not an eligibility verification)", () => {
  it.each([
    [{ carrier: "GUARDIAN", planType: "PPO" }, "accepted"],
    [{ carrier: "METLIFE", planType: "NOT_SURE" }, "accepted"],
    [{ carrier: "DELTA_DENTAL", planType: "HMO" }, "not_accepted"],
    [{ carrier: "AETNA", planType: "MEDICARE_ADVANTAGE" }, "not_accepted"],
    [{ carrier: "OTHER", planType: "MEDICAID", planName: "State plan" }, "not_accepted"],
    [{ carrier: "OTHER", planType: "PPO", planName: "Healthplex Gold" }, "not_accepted"],
    [{ carrier: "OTHER", planType: "PPO", planName: "Acme Dental" }, "unavailable"],
  ])("%j → %s", async (input, outcome) => {
    expect(await localPlanRules.check(input)).toBe(outcome);
  });

  it("is recorded as local rules, and a failing or slow service answers unavailable", async () => {
    const at = new Date("2027-01-01T00:00:00Z");
    expect(await runPlanCheck(localPlanRules, { carrier: "GUARDIAN", planType: "PPO" }, { now: at })).toEqual({
      outcome: "accepted",
      checkedBy: "local-rules",
      at: at.toISOString(),
    });
    const failing: PlanCheck = { name: "x", check: () => Promise.reject(new Error("down")) };
    const slow: PlanCheck = { name: "y", check: () => new Promise(() => undefined) };
    expect((await runPlanCheck(failing, { carrier: "GUARDIAN", planType: "PPO" })).outcome).toBe("unavailable");
    expect((await runPlanCheck(slow, { carrier: "GUARDIAN", planType: "PPO" }, { timeoutMs: 20 })).outcome).toBe("unavailable");
  });
});
