/**
 * The account's saved cards on /profile and the page that removes one (decision 072): the words for each card, the
 * "Remove this card?" page and its post. The card work (Stripe's detach, the row, the audit line) is the payment
 * feature's (`app/payments/saved-cards.server.ts`).
 */
import { json, redirect } from "@remix-run/node";
import { PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { readFormPost } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import type { T } from "~/i18n/translate";
import { removeSavedCard, savedCardOf, savedCardsOf } from "~/payments/saved-cards.server";
import { goneLink } from "~/platform/gone-link.server";
import { cardBrandName } from "~/rules/cancellation-policy";

type Card = { brand: string; last4: string; expMonth: number; expYear: number };
const cardWords = (c: Card, t: T) => t("visit.cardEnding", { brand: cardBrandName(c.brand) ?? t("visit.card"), last4: c.last4 });
const expiry = (c: Card) => `${String(c.expMonth).padStart(2, "0")}/${c.expYear}`;

/** Whether the profile links to its saved cards (their list is a page of its own: /profile's script is at 96 KB). */
export async function hasSavedCards(personId: number) {
  return (await savedCardsOf(await getDb(), personId)).length > 0;
}

/** `/profile/cards`: each card's words and its Remove link's name; the notice after one was removed. */
export async function savedCardsPage(request: Request) {
  const patient = await requirePatient(request);
  const { t } = i18nOf(request);
  const cards = await savedCardsOf(await getDb(), patient.personId);
  const removed = new URL(request.url).searchParams.get("card") === "removed";
  return json(
    {
      list: cards.map((c) => ({ id: c.id, label: t("account.cards.card", { card: cardWords(c, t), expires: expiry(c) }), removeLabel: t("account.cards.remove", { card: cardWords(c, t) }) })),
      notice: removed ? t("account.cards.removed") : null,
    },
    { headers: PRIVATE_PAGE },
  );
}

const unknownCard = () => goneLink({ heading: "common.gone.cardHeading", message: "common.gone.card", next: { href: "/profile/cards", label: "common.gone.cardNext" } });

/** `/profile/cards/<id>`: the card it asks about; not the account's card (another's, removed, not a number): 404. */
export async function removeCardPage(request: Request, id: string | undefined) {
  const patient = await requirePatient(request);
  const card = await savedCardOf(await getDb(), patient.personId, id);
  if (!card) throw unknownCard();
  const { t } = i18nOf(request);
  return json({ card: cardWords(card, t), expires: expiry(card) }, { headers: PRIVATE_PAGE });
}

/** Its post: detached on Stripe, deleted, audited; back to the saved cards. */
export async function removeCardAction(request: Request, id: string | undefined) {
  const patient = await requirePatient(request);
  await readFormPost(request); // the cross-site check; the form has nothing else
  const db = await getDb();
  const card = await savedCardOf(db, patient.personId, id);
  if (!card || !(await removeSavedCard(db, { personId: patient.personId, cardId: card.id }))) throw unknownCard();
  return redirect("/profile/cards?card=removed", { status: 303, headers: PRIVATE_PAGE });
}
