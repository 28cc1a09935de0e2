/**
 * The desk's card link (issue 38 C, decision 074): the desk never types a card number. A visit the desk books where
 * the studio needs a card on file gets a `card_requests` row and a link (`/payments/card/<token>`, the token kept
 * hashed) sent by email and/or text; the visit shows "card requested" until the card arrives. The link's page changes
 * nothing when opened (mail scanners open links); its one button posts, answered with a 303 to Stripe's hosted
 * Checkout page in setup mode (card-checkout.server.ts: the funnel's trip). Stripe's success URL brings the patient
 * back; the card of that session only, on that Customer only, becomes the visit's `details.payment` — where every
 * visit keeps its card, so the late-cancel rules (termsOf: a fee only with a card) apply from then on, not before.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { appointments, cardRequests, patients, studios } from "~/db/schema";
import { tFor } from "~/i18n/catalogues.server";
import { localeOf } from "~/i18n/locale.server";
import { enqueueEmail } from "~/platform/email.server";
import { getEnv } from "~/platform/env.server";
import { goneLink } from "~/platform/gone-link.server";
import { LATE_CANCEL_FEE_CENTS } from "~/rules/cancellation-policy";
import { formatUsd } from "~/rules/currency";
import { studioTimezone } from "~/rules/timezones";
import { formatLongDateTime } from "~/rules/zoned-time";
import { cardOfTrip, startSetupTrip, tripEnd } from "./card-checkout.server";
import { paymentProvider, type PaymentProvider } from "./provider.server";

type Tx = Pick<Db, "select" | "insert" | "update">;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** The link's path (relative: an email or text puts the site's origin in front). */
export const cardLinkPath = (token: string) => `/payments/card/${token}`;

/**
 * Opens the visit's card request and queues its email (when the patient has an address) in the caller's transaction.
 * Returns the link's token (for the text), or null when the visit already has one (a second post: nothing sent twice).
 */
export async function openCardRequest(tx: Tx, input: { appointmentId: number; staffId: number; now: Date; siteOrigin: string }): Promise<string | null> {
  const token = newToken();
  const [opened] = await tx
    .insert(cardRequests)
    .values({ appointmentId: input.appointmentId, tokenHash: hashToken(token), requestedByStaffId: input.staffId, requestedAt: input.now })
    .onConflictDoNothing()
    .returning();
  if (!opened) return null;
  await emailCardLink(tx, input.appointmentId, input.siteOrigin + cardLinkPath(token));
  return token;
}

/** A link sent again is at most one a minute per visit: a double press sends one. */
export const CARD_LINK_RESEND_GAP_MS = 60_000;

/**
 * The desk sends the link again (the caller lost it, or gave another address since): a new token replaces the old
 * one, whose link is a 404 from this commit on, and the email is queued again. The caller's transaction also sends
 * the text. Refused when the card has arrived (or was never asked for), and within a minute of the last sending.
 */
export async function resendCardRequest(
  tx: Tx,
  input: { appointmentId: number; staffId: number; now: Date; siteOrigin: string },
): Promise<{ ok: true; token: string } | { ok: false; code: "not_requested" | "too_soon" }> {
  const [open] = await tx.select().from(cardRequests).where(and(eq(cardRequests.appointmentId, input.appointmentId), isNull(cardRequests.cardAddedAt))).for("update");
  if (!open) return { ok: false, code: "not_requested" };
  if (input.now.getTime() - open.requestedAt.getTime() < CARD_LINK_RESEND_GAP_MS) return { ok: false, code: "too_soon" };
  const token = newToken();
  await tx
    .update(cardRequests)
    .set({ tokenHash: hashToken(token), requestedByStaffId: input.staffId, requestedAt: input.now })
    .where(eq(cardRequests.appointmentId, input.appointmentId));
  await emailCardLink(tx, input.appointmentId, input.siteOrigin + cardLinkPath(token));
  return { ok: true, token };
}

const newToken = () => randomBytes(24).toString("base64url");

async function emailCardLink(tx: Tx, appointmentId: number, link: string) {
  const [visit] = await tx
    .select({ email: patients.email, firstName: patients.firstName, locale: appointments.locale, startsAt: appointments.startsAt, studioSlug: studios.slug, studioName: studios.name, timezone: studios.timezone })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(studios, eq(studios.slug, appointments.studioSlug))
    .where(eq(appointments.id, appointmentId));
  if (!visit?.email) return;
  const t = tFor(visit.locale);
  const when = formatLongDateTime(visit.startsAt, studioTimezone(visit.studioSlug, visit.timezone), visit.locale);
  const fee = formatUsd(LATE_CANCEL_FEE_CENTS, { locale: visit.locale });
  await enqueueEmail(tx, {
    to: visit.email,
    subject: t("visit.cardLink.email.subject", { studio: visit.studioName }),
    text: [
      visit.firstName ? t("visit.fee.email.greeting", { name: visit.firstName }) : t("visit.fee.email.greetingNoName"),
      "",
      t("visit.cardLink.email.why", { studio: visit.studioName, when, fee }),
      "",
      t("visit.cardLink.email.add"),
      link,
      "",
      t("visit.cardLink.email.questions"),
    ].join("\n"),
  });
}

/** The visits among these whose card was asked for and has not arrived: "card requested". */
export async function cardsRequested(db: Pick<Db, "select">, appointmentIds: number[]): Promise<Set<number>> {
  if (!appointmentIds.length) return new Set();
  const rows = await db
    .select({ id: cardRequests.appointmentId })
    .from(cardRequests)
    .where(and(isNull(cardRequests.cardAddedAt), inArray(cardRequests.appointmentId, appointmentIds)));
  return new Set(rows.map((r) => r.id));
}

/** The link's 404, for an unknown or malformed token (the site's gone-link page). */
const unknownCardLink = (): Response =>
  goneLink({ heading: "common.gone.linkHeading", message: "common.gone.cardLink", next: { href: "/studios", label: "common.gone.intakeNext" } });

async function requestOf(db: Db, token: string | undefined) {
  if (!token || !TOKEN_SHAPE.test(token)) throw unknownCardLink();
  const [row] = await db
    .select({ request: cardRequests, visit: appointments, studioName: studios.name, studioPhone: studios.phone, timezone: studios.timezone })
    .from(cardRequests)
    .innerJoin(appointments, eq(appointments.id, cardRequests.appointmentId))
    .innerJoin(studios, eq(studios.slug, appointments.studioSlug))
    .where(eq(cardRequests.tokenHash, hashToken(token)));
  if (!row) throw unknownCardLink();
  return row;
}

export type CardLinkState = "open" | "added" | "cancelled" | "offline";

/** What the link's page shows (opening it changes nothing). */
export async function cardLinkPage(db: Db, token: string | undefined, { locale, back, provider }: { locale: string; back: boolean; provider: PaymentProvider }) {
  const { request, visit, studioName, studioPhone, timezone } = await requestOf(db, token);
  const card = visit.details.payment as { last4?: string } | undefined;
  const state: CardLinkState = request.cardAddedAt ? "added" : visit.status === "CANCELLED" ? "cancelled" : provider.kind === "stripe" ? "open" : "offline";
  return {
    state,
    back: back && state === "open",
    last4: request.cardAddedAt ? (card?.last4 ?? "") : "",
    studioName,
    studioPhone,
    when: formatLongDateTime(visit.startsAt, studioTimezone(visit.studioSlug, timezone), locale),
    fee: formatUsd(LATE_CANCEL_FEE_CENTS, { locale }),
    localProvider: provider.kind === "local",
  };
}

/**
 * The button: a Checkout Session in setup mode for the visit's own Stripe Customer (made on the first trip, reused by
 * the next), or the page again when no card is wanted any more. Returns where to send the browser.
 */
export async function leaveForCardCheckout(db: Db, token: string | undefined, provider: PaymentProvider, now = new Date()): Promise<string> {
  const { request, visit } = await requestOf(db, token);
  const page = cardLinkPath(token!);
  if (provider.kind !== "stripe" || request.cardAddedAt || visit.status === "CANCELLED") return page;
  const customer = request.customerRef ?? (await provider.createCustomer({ purpose: "visit_card", visit: String(visit.id) }));
  const origin = getEnv().SITE_ORIGIN;
  const session = await startSetupTrip(provider, {
    customer,
    successUrl: `${origin}${page}/return?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}${page}?stripe=back`,
    until: tripEnd(now),
    metadata: { purpose: "visit_card", visit: String(visit.id) },
  });
  await db.update(cardRequests).set({ customerRef: customer, sessionRef: session.id }).where(eq(cardRequests.appointmentId, visit.id));
  return session.url;
}

/**
 * Stripe's success URL: only the session this link's last trip made is read, its card only when it hangs off the
 * visit's Customer (any other is the 404). The card becomes the visit's, once: a second return changes nothing.
 */
export async function returnFromCardCheckout(db: Db, token: string | undefined, sessionId: string | null, provider: PaymentProvider, now = new Date()): Promise<string> {
  const { request, visit } = await requestOf(db, token);
  const page = cardLinkPath(token!);
  if (request.cardAddedAt) return page;
  if (provider.kind !== "stripe" || !request.sessionRef || !request.customerRef || sessionId !== request.sessionRef) throw unknownCardLink();
  const end = await cardOfTrip(provider, { sessionRef: request.sessionRef, customerRef: request.customerRef });
  if (!end.ok && end.code === "not_saved") return `${page}?stripe=back`;
  if (!end.ok) throw unknownCardLink();
  const { token: paymentMethod, brand, last4, expMonth, expYear, customer } = end.card;
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(cardRequests)
      .set({ cardAddedAt: now })
      .where(and(eq(cardRequests.appointmentId, visit.id), isNull(cardRequests.cardAddedAt)))
      .returning();
    if (!claimed) return;
    const payment = { brand, last4, expMonth, expYear, token: paymentMethod, customer };
    await tx
      .update(appointments)
      .set({ details: sql`${appointments.details} || ${JSON.stringify({ payment })}::jsonb` })
      .where(eq(appointments.id, visit.id));
  });
  return page;
}

/** The page, for a request (its language; back from Stripe's page without a card: `?stripe=back`). */
export async function cardLinkPageFor(request: Request, token: string | undefined) {
  const back = new URL(request.url).searchParams.get("stripe") === "back";
  return cardLinkPage(await getDb(), token, { locale: localeOf(request), back, provider: paymentProvider() });
}

/** Where the button sends the browser: Stripe's page, or this page again. */
export async function cardCheckoutUrl(token: string | undefined) {
  return leaveForCardCheckout(await getDb(), token, paymentProvider());
}

/** Where Stripe's return goes on to: the page (card added, or `?stripe=back`). */
export async function cardReturnUrl(request: Request, token: string | undefined) {
  return returnFromCardCheckout(await getDb(), token, new URL(request.url).searchParams.get("session"), paymentProvider());
}
