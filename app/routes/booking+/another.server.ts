import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { fieldErrors, readFormPost, rejected } from "~/flow/forms.server";
import { companionCandidates, companionOffers } from "~/booking/companion.server";
import { openStep, saveAndRedirect } from "~/booking/step.server";
import { i18nOf } from "~/i18n/locale.server";
import { localizeReply } from "~/i18n/translate";

/** `/booking/another`'s server side: zod and the booking state stay out of the browser's JavaScript. */
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

// Messages are catalogue keys, worded in the reader's language before the page gets them.
const schema = z.object({
  who: z.string("family.another.errors.who").max(12, "family.another.errors.who"),
  startsAt: z.string("family.another.errors.time").max(40, "family.another.errors.time"),
});

export async function submitAnother(request: Request) {
  const { form } = await readFormPost(request);
  const { state, people, offers } = await open(request);
  if (form.get("intent") === "remove") {
    const next = { ...state };
    delete next.companion;
    return saveAndRedirect(request, REVIEW, next);
  }
  const values = { who: String(form.get("who") ?? "").slice(0, 12), startsAt: String(form.get("startsAt") ?? "").slice(0, 40) };
  const parsed = schema.safeParse(Object.fromEntries(form));
  const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error, i18nOf(request).t);
  const person = people.find((p) => p.value === values.who);
  const offer = offers.find((o) => o.value === values.startsAt);
  if (!person) errors.who ??= ["family.another.errors.who"];
  // A time no longer offered (taken meanwhile): the page shows the times free now.
  if (!offer) errors.startsAt ??= [offers.length ? "family.another.errors.taken" : "family.another.errors.time"];
  if (!person || !offer) return rejected(values, errors, { t: i18nOf(request).t });
  return saveAndRedirect(request, REVIEW, { ...state, companion: { patientFor: person.patientFor, startsAt: offer.value } });
}

