import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { readFormPost, validateForm, type FieldErrors } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { companionCandidates, companionOffers } from "./companion.server";
import { openStep, saveAndRedirect } from "./step.server";

/** `/booking/another`'s server side (decision 069): zod and the booking state stay out of the browser's JavaScript. */
const REVIEW = "/booking/confirmation";

/** Reachable with the review step, for a logged-in account with someone else to book for; anyone else goes back. */
async function open(request: Request) {
  const { state, opts } = await openStep(request, "confirmation");
  if (!opts.account) throw redirect(REVIEW);
  const people = await companionCandidates(opts.account, state.patientFor);
  if (people.length === 0) throw redirect(REVIEW);
  return { state, people, offers: await companionOffers(state, i18nOf(request)) };
}

/** `/booking/another`: a second person (issue 20 A), at the same time with another provider or right after. */
export async function anotherPage(request: Request) {
  const { state, people, offers } = await open(request);
  return json(
    {
      people: people.map((p) => ({ value: p.value, label: p.name })),
      offers,
      saved: state.companion ? { who: String(state.companion.patientFor), startsAt: state.companion.startsAt } : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// Messages are catalogue keys, worded in the reader's language before the page gets them. A choice left out is
// refused with the choices that are gone (refine), so both fields say what is wrong at once.
const schema = z.object({
  who: z.string().max(12, "family.another.errors.who").optional(),
  startsAt: z.string().max(40, "family.another.errors.time").optional(),
});

export async function submitAnother(request: Request) {
  const { form } = await readFormPost(request);
  const { state, people, offers } = await open(request);
  if (form.get("intent") === "remove") {
    const next = { ...state };
    delete next.companion;
    return saveAndRedirect(request, REVIEW, next);
  }
  const result = await validateForm(
    form,
    schema,
    i18nOf(request).t,
    ({ who, startsAt }) => {
      const person = people.find((p) => p.value === who);
      const offer = offers.find((o) => o.value === startsAt);
      if (person && offer) return { person, offer };
      const fieldErrors: FieldErrors = {};
      if (!person) fieldErrors.who = ["family.another.errors.who"];
      // A time no longer offered (taken meanwhile): the page shows the times free now.
      if (!offer) fieldErrors.startsAt = [startsAt && offers.length ? "family.another.errors.taken" : "family.another.errors.time"];
      return { fieldErrors };
    },
    { keep: ["who", "startsAt"] },
  );
  if (!result.ok) return result.response;
  const { person, offer } = result.value;
  return saveAndRedirect(request, REVIEW, { ...state, companion: { patientFor: person.patientFor, startsAt: offer.value } });
}
