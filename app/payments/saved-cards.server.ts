/**
 * An account's saved cards (decision 060 saves them on Stripe's page), as the profile lists and removes them
 * (decision 072). Removing one detaches its PaymentMethod from the Stripe Customer first (Stripe then refuses to
 * charge it), then deletes our row with an audit line in one transaction. Only the account's own card is found.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cardSetups, paymentCustomers, savedCards } from "~/db/schema";
import { appendAudit } from "~/platform/audit.server";
import { paymentProvider, type PaymentProvider } from "./provider.server";

type SavedCardRow = { id: number; brand: string; last4: string; expMonth: number; expYear: number };

const shown = { id: savedCards.id, brand: savedCards.brand, last4: savedCards.last4, expMonth: savedCards.expMonth, expYear: savedCards.expYear };

/** The account's saved cards, newest first (expired ones too: the patient may want them gone). */
export function savedCardsOf(db: Pick<Db, "select">, personId: number): Promise<SavedCardRow[]> {
  return db.select(shown).from(savedCards).where(eq(savedCards.personId, personId)).orderBy(desc(savedCards.id)).limit(20);
}

/** One of the account's cards by its id from a URL; null for anything else (not a number, someone else's). */
export async function savedCardOf(db: Pick<Db, "select">, personId: number, id: string | undefined): Promise<SavedCardRow | null> {
  if (!id || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2 ** 31 - 1) return null;
  const [card] = await db.select(shown).from(savedCards).where(and(eq(savedCards.id, Number(id)), eq(savedCards.personId, personId)));
  return card ?? null;
}

/**
 * Detached on Stripe, deleted here, audited. False when the card is not (or no longer) the account's. Stripe
 * failing (network, 5xx) throws before anything is deleted: the patient can try again.
 */
export async function removeSavedCard(db: Db, input: { personId: number; cardId: number; now?: Date }, provider: PaymentProvider = paymentProvider()): Promise<boolean> {
  const [card] = await db.select().from(savedCards).where(and(eq(savedCards.id, input.cardId), eq(savedCards.personId, input.personId)));
  if (!card) return false;
  // With Stripe no longer configured nothing can be detached; the card is still forgotten here.
  const detached = provider.kind === "stripe" ? await provider.detachCard(card.paymentMethodRef) : false;
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(savedCards).where(and(eq(savedCards.id, card.id), eq(savedCards.personId, input.personId))).returning();
    if (!gone) return false;
    await appendAudit(tx, {
      actor: "patient",
      action: "card.removed",
      after: { personId: input.personId, cardId: card.id, brand: card.brand, last4: card.last4, detachedAtProcessor: detached },
      ...(input.now ? { at: input.now } : {}),
    });
    return true;
  });
}

/**
 * A closing account's Stripe Customers deleted (decision 078; their cards go with them), before the closing's
 * transaction: Stripe failing throws and nothing is closed, so the patient can try again; a second run finds them
 * gone (false) and goes on. Returns how many were deleted now.
 */
export async function deleteCustomersOf(db: Pick<Db, "select">, personId: number, provider: PaymentProvider = paymentProvider()): Promise<number> {
  if (provider.kind !== "stripe") return 0;
  const refs = new Set<string>();
  for (const r of await db.select({ ref: paymentCustomers.customerRef }).from(paymentCustomers).where(eq(paymentCustomers.personId, personId))) refs.add(r.ref);
  for (const r of await db.select({ ref: savedCards.customerRef }).from(savedCards).where(eq(savedCards.personId, personId))) refs.add(r.ref);
  for (const r of await db.select({ ref: cardSetups.customerRef }).from(cardSetups).where(eq(cardSetups.personId, personId))) refs.add(r.ref);
  let deleted = 0;
  for (const ref of refs) if (await provider.deleteCustomer(ref)) deleted++;
  return deleted;
}

/** In the closing's transaction: the account's saved cards, its Customer and its card trips forgotten here. */
export async function forgetPaymentsOf(tx: Pick<Db, "delete">, personId: number): Promise<number> {
  const cards = await tx.delete(savedCards).where(eq(savedCards.personId, personId)).returning({ id: savedCards.id });
  await tx.delete(paymentCustomers).where(eq(paymentCustomers.personId, personId));
  await tx.delete(cardSetups).where(eq(cardSetups.personId, personId));
  return cards.length;
}
