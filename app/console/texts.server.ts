/**
 * Texts in the studio console (issue 31 C, decision 062): the per-studio inbox of threads waiting for a person, a
 * thread's page where staff read and answer (the answer goes out through the SMS outbox), and a visit's texts on
 * its page. Least privilege: only threads and visits of the viewer's studios (any other id is the same 404 as an
 * unknown one); every read of a thread's messages — its page, or a visit page showing its texts — is a line in the
 * audit log, as every answer and every "handled".
 */
import { randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { eq, inArray } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { rejected, textValues, validateForm } from "~/flow/forms.server";
import { appointments, patients, staff } from "~/db/schema";
import { appendAudit } from "~/platform/audit.server";
import { formatPhone } from "~/rules/phone";
import { studioTimezone } from "~/rules/timezones";
import { formatShortDateTime } from "~/rules/zoned-time";
import { numberOpen } from "~/sms/consent.server";
import { confirmedByText } from "~/sms/inbound.server";
import { STAFF_UCS2_SEGMENTS } from "~/sms/templates";
import {
  answerThread,
  findThread,
  latestInboundId,
  listThreads,
  markThreadHandled,
  threadMessages,
  threadOfVisit,
  visitMessages,
  waitingThreadCount,
  type Thread,
  type ThreadMessage,
} from "~/sms/threads.server";
import { consoleWords, textAnswerSchema, textHandledSchema } from "./schemas.server";
import type { StaffUser } from "./staff.server";

const notFound = () => new Response("Not found", { status: 404 });
export const textsPath = (publicId: string) => `/staff/texts/${publicId}`;

const KIND_LABELS: Record<string, string> = {
  booked: "Booking confirmation",
  moved: "New time confirmation",
  cancelled: "Cancellation",
  reminder_2d: "Reminder, 2 days before",
  reminder_2h: "Reminder, 2 hours before",
  offer: "Waitlist opening",
  confirmed: "Automatic answer to C",
  move_link: "Automatic answer to R",
  stop: "Automatic answer to STOP",
  start: "Automatic answer to START",
  help: "Automatic answer to HELP",
};
const TAKEN_AS: Record<string, string> = {
  confirm: "Confirmed the visit",
  move: "Asked for the link to move",
  stop: "Stopped texts",
  start: "Texts on again",
  help: "Asked for help",
  studio: "For the studio",
};
const SKIPPED: Record<string, string> = {
  gone: "the visit is gone",
  cancelled: "the visit was cancelled",
  moved: "the visit was moved",
  passed: "the visit had begun",
  no_consent: "no consent to texts",
  number_closed: "the number said STOP or cannot take texts",
  quiet_hours: "the night in the studio would have delayed it past the visit",
  daily_cap: "the number's daily limit was reached",
};
const DELIVERY: Record<string, { label: string; tone?: "good" | "warn" | "bad" }> = {
  queued: { label: "Sent to the provider" },
  sending: { label: "Sending" },
  sent: { label: "Sent" },
  delivered: { label: "Delivered", tone: "good" },
  undelivered: { label: "Not delivered", tone: "bad" },
  failed: { label: "Failed", tone: "bad" },
};

/** A text's state as the desk reads it: waiting, sent, delivered, not sent and why. */
export function deliveryLabel(m: Pick<ThreadMessage, "status" | "skipped" | "delivery" | "errorCode">): { label: string; tone?: "good" | "warn" | "bad" } {
  if (m.status === "PENDING") return { label: "Waiting to be sent", tone: "warn" };
  if (m.status === "SKIPPED") return { label: `Not sent: ${SKIPPED[m.skipped ?? ""] ?? m.skipped ?? "skipped"}`, tone: "warn" };
  if (m.status === "FAILED") return { label: `Failed${m.errorCode ? ` (provider code ${m.errorCode})` : ""}`, tone: "bad" };
  const delivery = DELIVERY[m.delivery ?? ""] ?? { label: "Sent" };
  return m.errorCode && delivery.tone === "bad" ? { ...delivery, label: `${delivery.label} (provider code ${m.errorCode})` } : delivery;
}

/** Messages as the page draws them: who, when (the studio's clock), the words, and the state. */
async function drawMessages(db: Db, messages: ThreadMessage[], tz: string) {
  const staffIds = [...new Set(messages.map((m) => m.staffId).filter((id): id is number => id !== null))];
  const emails = new Map(staffIds.length ? (await db.select({ id: staff.id, email: staff.email }).from(staff).where(inArray(staff.id, staffIds))).map((s) => [s.id, s.email]) : []);
  return messages.map((m) => {
    const state = m.direction === "out" ? deliveryLabel(m) : null;
    return {
      key: `${m.direction}${m.id}`,
      direction: m.direction,
      at: formatShortDateTime(m.at, tz),
      body: m.body,
      who: m.direction === "in" ? "Patient" : m.kind === "staff" ? `Studio: ${emails.get(m.staffId ?? 0) ?? "staff"}` : (KIND_LABELS[m.kind] ?? "Automatic text"),
      note: m.direction === "in" ? (TAKEN_AS[m.kind] ?? null) : null,
      state: state?.label ?? null,
      tone: state?.tone ?? null,
    };
  });
}

const tzOf = (user: StaffUser, slug: string) => studioTimezone(slug, user.studios.find((s) => s.slug === slug)?.tz);

/** The console bar's count: the viewer's studios' threads waiting for an answer. */
export async function textsWaiting(user: StaffUser): Promise<number> {
  return waitingThreadCount(await getDb(), user.studios.map((s) => s.slug));
}

/** The inbox: the viewer's studios' threads (one studio when `studio` names one of them), waiting first. */
export async function textsInbox(user: StaffUser, studio: string | null) {
  const scope = studio && user.studios.some((s) => s.slug === studio) ? [studio] : user.studios.map((s) => s.slug);
  const { waiting, recent } = await listThreads(await getDb(), scope);
  const names = new Map(user.studios.map((s) => [s.slug, s.name]));
  const row = (t: Thread) => ({
    href: textsPath(t.publicId),
    phone: formatPhone(t.phone),
    studio: names.get(t.studioSlug) ?? t.studioSlug,
    waitingSince: t.waitingSince ? formatShortDateTime(t.waitingSince, tzOf(user, t.studioSlug)) : null,
    lastReply: formatShortDateTime(t.lastInboundAt, tzOf(user, t.studioSlug)),
  });
  return {
    studios: user.studios.map((s) => ({ slug: s.slug, name: s.name })),
    studio: scope.length === 1 ? scope[0]! : null,
    waiting: waiting.map(row),
    recent: recent.map(row),
  };
}

async function scopedThread(user: StaffUser, publicId: string | undefined) {
  const db = await getDb();
  const thread = await findThread(db, publicId ?? "", user.studios.map((s) => s.slug));
  if (!thread) throw notFound();
  return { db, thread };
}

/** A thread's page: its messages (the read audited), the visits they were about, and what staff may do. */
export async function threadPage(user: StaffUser, publicId: string | undefined) {
  const { db, thread } = await scopedThread(user, publicId);
  const tz = tzOf(user, thread.studioSlug);
  const [messages, open, seen] = await Promise.all([threadMessages(db, thread), numberOpen(db, thread.phone), latestInboundId(db, thread)]);
  const visitIds = [...new Set(messages.map((m) => m.appointmentId).filter((id): id is number => id !== null))];
  const visits = visitIds.length
    ? await db
        .select({ id: appointments.id, startsAt: appointments.startsAt, firstName: patients.firstName, lastName: patients.lastName })
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patientId))
        .where(inArray(appointments.id, visitIds))
    : [];
  await appendAudit(db, { actor: "staff", staff: user, action: "sms.thread_view", studioSlug: thread.studioSlug, after: { thread: thread.publicId } });
  return {
    id: thread.publicId,
    studio: user.studios.find((s) => s.slug === thread.studioSlug)?.name ?? thread.studioSlug,
    studioSlug: thread.studioSlug,
    phone: formatPhone(thread.phone),
    waitingSince: thread.waitingSince ? formatShortDateTime(thread.waitingSince, tz) : null,
    handled: thread.handledAt ? formatShortDateTime(thread.handledAt, tz) : null,
    open,
    seen,
    /** Makes the answer form's post once: a second post of the same form queues nothing. */
    nonce: randomBytes(12).toString("base64url"),
    messages: await drawMessages(db, messages, tz),
    visits: visits
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
      .map((v) => ({ href: `/staff/visits/${v.id}`, text: `${`${v.firstName} ${v.lastName}`.trim() || "Patient"}, ${formatShortDateTime(v.startsAt, tz)}` })),
  };
}

/** An answer with characters outside GSM-7, shown to staff before it is sent: its segment count and why. */
export type AnswerCheck = { segments: number; outside: string; message: string };
export type AnswerOutcome = { ok: true } | { ok: false; status: number; field?: "body"; message: string; check?: AnswerCheck };

const named = (outside: string[]) => outside.slice(0, 5).join(" ");

/**
 * Staff's answer by text (audited: who, which thread, the outbox row — the words are in the outbox, not the log). One
 * with a character outside GSM-7 comes back first with its UCS-2 segment count (`check`); the post that carries that
 * count sends it.
 */
export async function answerInThread(user: StaffUser, publicId: string | undefined, input: { body: string; nonce: string; seen: number; segments?: number }, now = new Date()): Promise<AnswerOutcome> {
  const { db, thread } = await scopedThread(user, publicId);
  const outcome = await answerThread(db, { thread, body: input.body, staffId: user.id, nonce: input.nonce, seenInboundId: input.seen, now, confirmedSegments: input.segments });
  if (!outcome.ok) {
    if (outcome.code === "stopped") return { ok: false, status: 409, message: "This number replied STOP: no text can be sent to it until the patient texts START. Call the patient instead." };
    const { answer } = outcome;
    if (outcome.code === "too_long") {
      const message =
        answer.encoding === "GSM-7"
          ? TOO_LONG
          : `Too long: with ${named(answer.outside)} in it, it would go out as ${answer.segments} text messages of 67 characters (${STAFF_UCS2_SEGMENTS} at most). Shorten it, or leave out ${named(answer.outside)} to get 153 characters a message.`;
      return { ok: false, status: 400, field: "body", message };
    }
    const message = `${named(answer.outside)} ${answer.outside.length > 1 ? "are" : "is"} not in the texting alphabet (GSM-7), so this answer goes out as Unicode (UCS-2): ${answer.segments} text message${answer.segments > 1 ? "s" : ""} of up to 67 characters each, nothing replaced. Send it as it is, or edit it.`;
    return { ok: false, status: 200, message, check: { segments: answer.segments, outside: named(answer.outside), message } };
  }
  if (outcome.queued) {
    await appendAudit(db, { actor: "staff", staff: user, action: "sms.answer", studioSlug: thread.studioSlug, after: { thread: thread.publicId, outbox: outcome.outboxId }, at: now });
  }
  return { ok: true };
}

/** An answer goes as at most two segments (decision 036), the brand and studio first: about 280 characters left. */
export const TOO_LONG = "Too long for two text messages: shorten it to about 280 characters.";

/** The thread marked handled without an answer (audited). */
export async function markHandled(user: StaffUser, publicId: string | undefined, input: { seen: number }, now = new Date()): Promise<boolean> {
  const { db, thread } = await scopedThread(user, publicId);
  const done = await markThreadHandled(db, { thread, staffId: user.id, seenInboundId: input.seen, now });
  if (done) await appendAudit(db, { actor: "staff", staff: user, action: "sms.handled", studioSlug: thread.studioSlug, after: { thread: thread.publicId }, at: now });
  return done;
}

/** A visit's texts for its page (the read audited when there are any), whether confirmed by text, and its thread. */
export async function visitTexts(db: Db, user: StaffUser, appointment: { id: number; studioSlug: string }, tz: string) {
  const [messages, confirmed] = await Promise.all([visitMessages(db, appointment.id), confirmedByText(db, [appointment.id])]);
  if (messages.length) {
    await appendAudit(db, { actor: "staff", staff: user, action: "sms.thread_view", studioSlug: appointment.studioSlug, appointmentId: appointment.id });
  }
  const thread = messages.length ? await threadOfVisit(db, appointment.studioSlug, messages) : null;
  const confirmation = confirmed.has(appointment.id) ? messages.filter((m) => m.direction === "in" && m.kind === "confirm").at(-1) : undefined;
  return {
    confirmedByText: confirmed.has(appointment.id) ? (confirmation ? formatShortDateTime(confirmation.at, tz) : "yes") : null,
    messages: await drawMessages(db, messages, tz),
    thread: thread ? { href: textsPath(thread.publicId), waiting: thread.waitingSince !== null } : null,
  };
}

/** A thread page's forms (`intent`): an answer (shown back with its segment count first when it needs UCS-2), or handled. */
export async function threadPost(user: StaffUser, publicId: string | undefined, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const keep = ["body", "intent"];
  const refused = (error: Record<string, string[]>, init: { status: number; extra?: { check: AnswerCheck } }) => rejected(textValues(form, keep), error, { ...init, intent });
  if (intent === "answer") {
    const parsed = await validateForm(form, textAnswerSchema, consoleWords(), undefined, { intent, keep });
    if (!parsed.ok) return parsed.response;
    const outcome = await answerInThread(user, publicId, parsed.value);
    // Not sent yet: its UCS-2 segment count shown first (the form posts it back to send).
    if (!outcome.ok && outcome.check) return refused({}, { status: 200, extra: { check: outcome.check } });
    if (!outcome.ok) return refused({ [outcome.field ?? ""]: [outcome.message] }, { status: outcome.status });
    throw redirect(`${textsPath(publicId!)}?done=sent`, 303);
  }
  if (intent === "handled") {
    const parsed = await validateForm(form, textHandledSchema, consoleWords(), undefined, { intent, keep });
    if (!parsed.ok) return parsed.response;
    if (!(await markHandled(user, publicId, parsed.value))) return refused({ "": ["The patient wrote again since this page was shown: read the new text below."] }, { status: 409 });
    throw redirect(`${textsPath(publicId!)}?done=handled`, 303);
  }
  return refused({ "": ["Reload the page and try again."] }, { status: 400 });
}
