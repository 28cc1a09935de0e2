import { readFormPost } from "~/flow/forms.server";
import { json, redirect } from "@remix-run/node";
import { priceLine } from "~/scheduling/prices";
import { preferencesOf } from "~/rules/comfort-preferences";
import { bookingNeedsInsurance } from "~/rules/insurance";
import { formatCalendarDate } from "~/rules/zoned-time";
import { getStudioAnyState, type Studio } from "~/scheduling/catalogue.server";
import { bookingFlow, pathFor, stepsFor } from "./funnel";
import { OUTCOME_MESSAGES } from "./outcomes";
import type { BookingState } from "./state";
import { bookingCookie, bookingEmail, openStep, saveAndRedirect } from "./step.server";
import { getDb } from "~/db/client.server";
import { MARKETS } from "~/rules/markets";
import { cardBrandName } from "~/rules/cancellation-policy";
import { formatPhone } from "~/rules/phone";
import { bookAppointment, bookTogether, findTokenOfAttempt, type BookingFailure, type BookingRequest } from "~/scheduling/book.server";
import { companionCandidates, companionOf } from "./companion.server";
import { bookedHereCookie } from "~/auth/booked-here.server";
import { accountContact, bookingFor } from "./returning.server";
import { bookingCardCustomer } from "./card-setup.server";
import { getService } from "~/scheduling/catalogue.server";
import { formatLongDateTime } from "~/rules/zoned-time";
import { serviceName, studioName } from "~/scheduling/service-names";
import { carrierLabel } from "./insurance-labels";
import { FLAVOR_LABELS, labelIn, SHOW_LABELS } from "./comfort-labels";
import { i18nOf } from "~/i18n/locale.server";

/** /booking/confirmation (decision 069): the booking to review, each row with its change link. */
export async function reviewPage(request: Request) {
  const { state, back, title, opts } = await openStep(request, "confirmation");
  const db = await getDb();
  const service = state.serviceType ? await getService(db, state.serviceType) : null;
  const studio = state.studio ? await getStudioAnyState(db, state.studio) : null;
  const email = bookingEmail(state, opts);
  if (!service || !studio || !state.slot || !state.contact || !email) throw redirect("/booking");
  const route = stepsFor(state, opts);
  // Issue 20 A: a family member removed meanwhile (or not this account's) is asked again; a second person too.
  const forMember = await bookingFor(state, opts.account);
  if (forMember === "gone") throw await askWhoAgain(request, state, route);
  const companion = await companionOf(state, opts.account);
  const c = state.contact;
  const ins = state.insurance;
  const { t, locale } = i18nOf(request);
  const rows: { label: string; value: string; change: string | null; changeLabel: string; studio?: Pick<Studio, "name" | "address" | "phone" | "openingHours" | "mapUrl" | "isVirtual"> }[] = [
    { label: t("booking.review.city"), value: MARKETS.find((m) => m.slug === state.market)?.name ?? "", change: pathFor("markets"), changeLabel: t("booking.review.changeCity") },
    { label: t("booking.review.visit"), value: `${serviceName(t, locale, service)} · ${priceLine(service, t, locale)}`, change: pathFor("services"), changeLabel: t("booking.review.changeVisit") },
    {
      label: t("booking.review.studio"),
      value: studioName(t, locale, studio),
      change: pathFor("studios"),
      changeLabel: t("booking.review.changeStudio"),
      studio: { name: studio.name, address: studio.address, phone: studio.phone, openingHours: studio.openingHours, mapUrl: studio.mapUrl, isVirtual: studio.isVirtual },
    },
    ...(route.includes("who")
      ? [{ label: t("booking.review.patient"), value: forMember ? t("booking.review.familyMember", { name: forMember }) : t("booking.review.you"), change: pathFor("who"), changeLabel: t("booking.review.changePatient") }]
      : []),
    { label: t("booking.review.when"), value: formatLongDateTime(new Date(state.slot.startsAt), studio.tz, locale), change: pathFor("times"), changeLabel: t("booking.review.changeWhen") },
    // A logged-in patient books under the account's email, changed on the profile, not here.
    { label: t("booking.review.email"), value: email, change: opts.account ? null : pathFor("email"), changeLabel: t("booking.review.changeEmail") },
    { label: t("booking.review.name"), value: `${c.firstName} ${c.lastName}`, change: pathFor("contact-info"), changeLabel: t("booking.review.changeName") },
    { label: t("booking.review.phone"), value: formatPhone(c.phone), change: pathFor("contact-info"), changeLabel: t("booking.review.changePhone") },
    { label: t("booking.review.dob"), value: formatCalendarDate(c.dateOfBirth, locale), change: pathFor("contact-info"), changeLabel: t("booking.review.changeDob") },
    {
      label: t("booking.review.comfort"),
      value:
        [
          c.preferences.flavor ? t("booking.review.flavor", { flavor: labelIn(FLAVOR_LABELS, t, c.preferences.flavor) }) : null,
          c.preferences.show ? t("booking.review.watch", { show: labelIn(SHOW_LABELS, t, c.preferences.show) }) : null,
        ]
          .filter(Boolean)
          .join(" · ") || t("booking.contact.decideAtVisit"),
      change: pathFor("contact-info"),
      changeLabel: t("booking.review.changeComfort"),
    },
    {
      label: t("booking.review.insurance"),
      value: !ins
        ? ""
        : ins.kind === "self-pay"
          ? t("booking.insurance.selfPay")
          : [carrierLabel(t, ins.carrier), ins.memberId ? t("booking.review.memberId", { id: ins.memberId }) : t("booking.review.noMemberId")].join(", "),
      change: pathFor("insurance"),
      changeLabel: t("booking.review.changeInsurance"),
    },
  ];
  if (route.includes("payment-info") && state.payment) {
    rows.push({
      label: t("booking.review.card"),
      value: t("booking.review.cardEnding", { brand: cardBrandName(state.payment.brand) ?? t("booking.review.card"), last4: state.payment.last4 }),
      change: pathFor("payment-info"),
      changeLabel: t("booking.review.changeCard"),
    });
  }
  // Names this attempt to book: a second click on "Book appointment" (the first answer not yet shown)
  // then leads to the visit the first click booked instead of "you already have an appointment".
  const attempt = crypto.randomUUID();
  const also = companion && state.companion ? { name: companion.name, when: formatLongDateTime(new Date(state.companion.startsAt), studio.tz, locale) } : null;
  // "Book another family member at the same time": for an account with someone else to book for.
  const offerAnother = !also && opts.account?.hasFamily ? (await companionCandidates(opts.account, state.patientFor)).length > 0 : false;
  return json({ back, title, rows, attempt, also, offerAnother }, { headers: { "Cache-Control": "no-store" } });
}

/** The family member booked for is no longer the account's (removed in another tab): who, and their details, again. */
function askWhoAgain(request: Request, state: BookingState, route: string[]) {
  const next = bookingFlow.drop(bookingFlow.drop(state, "who"), "contact-info");
  delete next.companion;
  return saveAndRedirect(request, pathFor(route.includes("who") ? "who" : "contact-info"), next);
}

function bookingDetails(state: BookingState, customer: string | null) {
  const { insurance, payment } = state;
  return {
    category: state.category,
    emergencyType: state.emergencyType,
    freeform: state.freeform,
    procedure: state.procedure,
    quizResult: state.quizResult,
    insurance,
    referralCode: state.referralCode,
    // A token and what identifies the card to staff; never the number or CVC (we never had them).
    payment: payment ? { brand: payment.brand, last4: payment.last4, token: payment.token, ...(customer ? { customer } : {}) } : undefined,
  };
}

/** The booking made (with a second person's, issue 20 A), once per attempt; a failure says why on the page. */
export async function book(request: Request) {
  const { state, opts } = await openStep(request, "confirmation");
  const { form } = await readFormPost(request);
  const attempt = String(form.get("attempt") ?? "");
  const attemptId = /^[0-9a-f-]{36}$/.test(attempt) ? attempt : undefined;
  const email = bookingEmail(state, opts);
  if (!state.studio || !state.serviceType || !state.slot || !state.contact || !email) throw redirect("/booking");
  const db = await getDb();
  const forMember = await bookingFor(state, opts.account);
  if (forMember === "gone") return askWhoAgain(request, state, stepsFor(state, opts));
  // A Stripe card's Customer is in the trip's row (card-setup.server.ts), not in the cookie.
  const customer = await bookingCardCustomer(db, state);
  const first: BookingRequest = {
    studioSlug: state.studio,
    serviceCode: state.serviceType,
    startsAt: new Date(state.slot.startsAt),
    patient: {
      email,
      firstName: state.contact.firstName,
      lastName: state.contact.lastName,
      phone: state.contact.phone,
      dateOfBirth: state.contact.dateOfBirth,
      preferences: preferencesOf(state.contact),
    },
    needsInsurance: bookingNeedsInsurance(state.insurance),
    details: { ...bookingDetails(state, customer), attemptId },
    personId: opts.account?.personId ?? null,
    // The time held for this booking is free for it, and the hold goes with the booking (decision 021).
    holdId: state.bookingId,
    familyMemberId: typeof state.patientFor === "number" ? state.patientFor : null,
    locale: i18nOf(request).locale,
    smsConsent: state.contact.sms === true,
  };
  const companion = await companionOf(state, opts.account);
  let outcome: { ok: true; appointment: { token: string } } | { ok: false; code: BookingFailure };
  if (companion && state.companion) {
    // Issue 20 A: both visits in one transaction, one email naming both; the same insurance answer for both.
    const c = companion.contact;
    const pair = await bookTogether(
      db,
      first,
      {
        ...first,
        startsAt: new Date(state.companion.startsAt),
        patient: { email, firstName: c.firstName, lastName: c.lastName, phone: c.phone || state.contact.phone, dateOfBirth: c.dateOfBirth || null, preferences: [] },
        details: { ...bookingDetails(state, customer), attemptId, companion: true },
        familyMemberId: companion.patientFor === "me" ? null : companion.patientFor,
        holdId: undefined, // the hold was the first visit's
      },
      [state.contact.firstName, c.firstName],
      (await accountContact(opts.account!.personId, "me"))?.firstName ?? "",
    );
    outcome = pair.ok ? { ok: true, appointment: pair.appointments[0] } : pair;
  } else {
    outcome = await bookAppointment(db, first);
  }
  if (!outcome.ok && outcome.code === "invalid") return askWhoAgain(request, state, stepsFor(state, opts));
  const booked = outcome.ok
    ? outcome.appointment.token
    : (outcome.code === "conflict" || outcome.code === "availability_conflict") && attemptId
      ? await findTokenOfAttempt(db, attemptId, email)
      : null;
  if (booked) {
    // The booking is made: the funnel's cookie (personal data) goes, the token page takes over; only this
    // browser is told it booked the visit (the page's personal parts are for it alone, issue 23 B).
    const headers = new Headers([["Set-Cookie", bookingCookie().clear()], ["Set-Cookie", bookedHereCookie(booked)]]);
    return redirect(`/booking/confirmed/${booked}?booked=1`, { status: 303, headers });
  }
  if (outcome.ok) throw new Error("unreachable: a booked outcome redirects above");
  if (outcome.code === "availability_conflict") {
    // Someone took the slot: back to times with the message; every other answer is kept.
    const next: BookingState = { ...state, completed: state.completed.filter((s) => s !== "times") };
    delete next.slot;
    return saveAndRedirect(request, "/booking/times?conflict=1", next);
  }
  // generic_error is our failure (database down, a bug): 503 with the apology, never a 4xx.
  const status = outcome.code === "generic_error" ? 503 : 409;
  return json({ code: outcome.code, message: i18nOf(request).t(OUTCOME_MESSAGES[outcome.code]) }, { status });
}

