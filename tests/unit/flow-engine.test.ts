import { describe, expect, it } from "vitest";
import { createFlow } from "~/flow/engine";

/**
 * The engine on a small flow of its own, one table of cases per behaviour (the a2j-rechtsantragstelle
 * style: each case is the answers given, in order, and the pages the patient should see).
 * Flow: start → kind → (pet: species → vet-notice?) | (plant) → contact → review.
 */
type Id = "start" | "kind" | "species" | "vet-notice" | "plant" | "contact" | "review";
type State = {
  completed: Id[];
  name?: string;
  kind?: "pet" | "plant";
  species?: "cat" | "dog" | "snake";
  plant?: string;
  email?: string;
  label?: string;
};
type Values = {
  start: { name: string };
  kind: { kind: "pet" | "plant" };
  species: { species: "cat" | "dog" | "snake" };
  "vet-notice": Record<string, never>;
  plant: { plant: string };
  contact: { email: string };
  review: Record<string, never>;
};
type Opts = { askContact: boolean };

const flow = createFlow<Id, State, Opts, Values>({
  steps: {
    start: { path: "/f/start", title: "Start" },
    kind: { path: "/f/kind", title: "Kind" },
    species: { path: "/f/species", title: "Species" },
    "vet-notice": { path: "/f/vet-notice", title: "Vet notice" },
    plant: { path: "/f/plant", title: "Plant" },
    contact: { path: "/f/contact", title: "Contact" },
    review: { path: "/f/review", title: "Review" },
  },
  last: "review",
  owns: { start: ["name"], kind: ["kind"], species: ["species"], plant: ["plant"], contact: ["email"] },
  route(state, opts) {
    const route: Id[] = ["start", "kind"];
    if (state.kind === "pet") route.push("species");
    if (state.kind === "pet" && state.species === "snake") route.push("vet-notice");
    if (state.kind === "plant") route.push("plant");
    if (opts.askContact) route.push("contact");
    route.push("review");
    return route;
  },
  // A changed name makes the contact answer stale (it was given for another person).
  reconcile: (before, after, _step, drop) => (after.name !== before.name && before.name !== undefined ? drop(after, "contact") : after),
  derive: (state) => ({ ...state, label: state.species ?? state.plant }),
});

const ask = { askContact: true };
const empty = (): State => ({ completed: [] });

type Case = { name: string; answers: [Id, object][]; opts?: Opts; pages: string[]; state?: Partial<State>; absent?: (keyof State)[] };

function run(answers: [Id, object][], opts: Opts, from = empty()) {
  let state = from;
  const pages: string[] = [];
  for (const [step, value] of answers) {
    const r = flow.advance(state, step, value as Values[typeof step], opts);
    state = r.state;
    pages.push(r.next);
  }
  return { state, pages };
}

describe("advance: next is the first open step after this one", () => {
  const cases: Case[] = [
    {
      name: "a pet that is a cat",
      answers: [["start", { name: "Ana" }], ["kind", { kind: "pet" }], ["species", { species: "cat" }], ["contact", { email: "a@x" }]],
      pages: ["/f/kind", "/f/species", "/f/contact", "/f/review"],
      state: { label: "cat" },
    },
    {
      name: "a snake adds the vet notice",
      answers: [["start", { name: "Ana" }], ["kind", { kind: "pet" }], ["species", { species: "snake" }], ["vet-notice", {}]],
      pages: ["/f/kind", "/f/species", "/f/vet-notice", "/f/contact"],
    },
    {
      name: "a plant, without the contact step",
      answers: [["start", { name: "Ana" }], ["kind", { kind: "plant" }], ["plant", { plant: "fern" }]],
      opts: { askContact: false },
      pages: ["/f/kind", "/f/plant", "/f/review"],
      state: { label: "fern" },
    },
    {
      name: "a later step answered first moves on; the guard sends the patient back to what is open",
      answers: [["contact", { email: "a@x" }], ["start", { name: "Ana" }]],
      pages: ["/f/review", "/f/kind"],
    },
    {
      name: "a step answered again skips steps that still hold",
      answers: [["start", { name: "Ana" }], ["kind", { kind: "plant" }], ["plant", { plant: "fern" }], ["contact", { email: "a@x" }], ["plant", { plant: "ivy" }]],
      pages: ["/f/kind", "/f/plant", "/f/contact", "/f/review", "/f/review"],
    },
    {
      name: "only the keys a step owns are merged",
      answers: [["start", { name: "Ana", kind: "pet", completed: ["review"] }]],
      pages: ["/f/kind"],
      state: { name: "Ana", completed: ["start"] },
      absent: ["kind"],
    },
  ];
  it.each(cases)("$name", ({ answers, opts = ask, pages, state, absent = [] }) => {
    const result = run(answers, opts);
    expect(result.pages).toEqual(pages);
    if (state) expect(result.state).toMatchObject(state);
    for (const key of absent) expect(result.state).not.toHaveProperty(key);
  });
});

describe("answers of a branch that left the route are dropped", () => {
  const cases: Case[] = [
    {
      name: "pet → plant drops the species and its notice",
      answers: [["start", { name: "Ana" }], ["kind", { kind: "pet" }], ["species", { species: "snake" }], ["vet-notice", {}], ["kind", { kind: "plant" }]],
      pages: ["/f/kind", "/f/species", "/f/vet-notice", "/f/contact", "/f/plant"],
      state: { completed: ["start", "kind"] },
      absent: ["species"],
    },
    {
      name: "snake → cat drops the vet notice's completion",
      answers: [["start", { name: "Ana" }], ["kind", { kind: "pet" }], ["species", { species: "snake" }], ["vet-notice", {}], ["species", { species: "cat" }]],
      pages: ["/f/kind", "/f/species", "/f/vet-notice", "/f/contact", "/f/contact"],
      state: { completed: ["start", "kind", "species"] },
    },
    {
      name: "reconcile: a changed name drops the contact answer",
      answers: [["start", { name: "Ana" }], ["kind", { kind: "plant" }], ["plant", { plant: "fern" }], ["contact", { email: "a@x" }], ["start", { name: "Bo" }]],
      pages: ["/f/kind", "/f/plant", "/f/contact", "/f/review", "/f/contact"],
      state: { name: "Bo" },
      absent: ["email"],
    },
  ];
  it.each(cases)("$name", ({ answers, opts = ask, pages, state, absent = [] }) => {
    const result = run(answers, opts);
    expect(result.pages).toEqual(pages);
    expect(result.state).toMatchObject(state!);
    for (const key of absent) expect(result.state).not.toHaveProperty(key);
  });
});

describe("guard: a step opens only when every earlier step on the route is done", () => {
  const cat = run([["start", { name: "Ana" }], ["kind", { kind: "pet" }], ["species", { species: "cat" }]], ask).state;
  const cases: { name: string; state: State; step: Id; opts?: Opts; verdict: { ok: true } | { redirect: string } }[] = [
    { name: "the first step always opens", state: empty(), step: "start", verdict: { ok: true } },
    { name: "a later step sends to the first missing one", state: empty(), step: "contact", verdict: { redirect: "/f/start" } },
    { name: "done up to here", state: cat, step: "contact", verdict: { ok: true } },
    { name: "a step of another branch resumes the flow", state: cat, step: "plant", verdict: { redirect: "/f/contact" } },
    { name: "a step the options leave out resumes the flow", state: cat, step: "contact", opts: { askContact: false }, verdict: { redirect: "/f/review" } },
    { name: "marked done without its answer is not done", state: { completed: ["start"] }, step: "kind", verdict: { redirect: "/f/start" } },
  ];
  it.each(cases)("$name", ({ state, step, opts = ask, verdict }) => {
    expect(flow.guard(state, step, opts)).toEqual(verdict);
  });
});

describe("previous and resume follow the patient's route", () => {
  const snake = run([["start", { name: "Ana" }], ["kind", { kind: "pet" }], ["species", { species: "snake" }]], ask).state;
  it.each([
    ["start", null],
    ["kind", "/f/start"],
    ["vet-notice", "/f/species"],
    ["contact", "/f/vet-notice"],
    ["review", "/f/contact"],
  ] as const)("Back from %s → %s", (step, back) => {
    expect(flow.previous(snake, step, ask)).toBe(back);
  });
  it("resume is the first open step, else the last", () => {
    expect(flow.resumePath(snake, ask)).toBe("/f/vet-notice");
    const all = run([["vet-notice", {}], ["contact", { email: "a@x" }]], ask, snake).state;
    expect(flow.resumePath(all, ask)).toBe("/f/review");
    expect(flow.titleOf("vet-notice")).toBe("Vet notice");
  });
});

describe("a flow with its own completion rule, and no reconcile or derive", () => {
  type MiniId = "a" | "b" | "c";
  type Mini = { completed: MiniId[]; x?: string; y?: string; z?: string };
  const mini = createFlow<MiniId, Mini, object, { a: { x: string }; b: { y: string }; c: { z: string } }>({
    steps: { a: { path: "/a", title: "A" }, b: { path: "/b", title: "B" }, c: { path: "/c", title: "C" } },
    last: "c",
    owns: { a: ["x"], b: ["y"], c: ["z"] },
    route: () => ["a", "b", "c"],
    // "later" is not an answer: the step stays open although it was posted.
    isDone: (state, step) => step !== "b" || state.y !== "later",
  });

  it("a step is done only when the flow's own rule agrees", () => {
    const later = mini.advance({ completed: [] }, "b", { y: "later" }, {}).state;
    expect(later).toEqual({ completed: ["b"], y: "later" });
    expect(mini.isDone(later, "b")).toBe(false);
    expect(mini.isDone(mini.advance(later, "b", { y: "now" }, {}).state, "b")).toBe(true);
  });

  it("answering the second step first moves on to the third, not back to the first", () => {
    expect(mini.advance({ completed: [] }, "b", { y: "now" }, {}).next).toBe("/c");
    expect(mini.advance({ completed: [] }, "c", { z: "z" }, {}).next).toBe("/a");
  });
});
