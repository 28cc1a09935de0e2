/**
 * The patient's copy of their data (issue 41 A, decision 080): a ZIP streamed with fflate as it is read — never the
 * whole file in memory. It holds `data.json` (the machine-readable copy, schema in docs/data-export-schema.md,
 * `schemaVersion` below), `index.html` (the same, readable, no scripts, in the account's language) and the insurance
 * card photos as they were uploaded. Rows are read in pages of PAGE rows and written as they come; the photos one at
 * a time. The account's own records and the family members it holds are in it; nobody else's (a member with a login
 * of their own has a record of their own, not held by this account, decision 078).
 */
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from "fflate";
import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, auditLog, emailOutbox, intakeCardPhotos, intakes, persons, providers, services, smsOutbox, staff, studios, visitFees } from "~/db/schema";
import { tFor } from "~/i18n/catalogues.server";
import type { T } from "~/i18n/translate";
import { formatUsd } from "~/rules/currency";
import { studioTimezone } from "~/rules/timezones";
import { formatLongDateTime, isoWithOffset } from "~/rules/zoned-time";
import { serviceName, studioName } from "~/scheduling/service-names";
import { accountRecords, consentFacts } from "./consents-page.server";

/** Raised when the shape of data.json changes (a field renamed or removed; a new optional field keeps it). */
export const EXPORT_SCHEMA_VERSION = 1;
/** Rows per query: a typical patient's whole history is one page; a long one never more than this in memory. */
export const PAGE = 200;
/** Staff and API reads of health data that the patient sees (decision 020's audit lines with a visit). */
const HEALTH_READS = ["intake.view", "intake.view_photo", "api.visit_read"];

type Reader = Pick<Db, "select">;
type Cursor = { at: Date; id: number };

type Source = Awaited<ReturnType<typeof openSource>>;

/** The account and its records, read once; the pages below are read on demand (twice: JSON, then HTML). */
async function openSource(db: Reader, personId: number, now: Date) {
  const [person] = await db.select().from(persons).where(eq(persons.id, personId));
  if (!person) throw new Error("no such account");
  const records = await accountRecords(db, personId);
  const ids = records.map((r) => r.id);
  const consents = await consentFacts(db, records);
  const visitIds = db.select({ id: appointments.id }).from(appointments).where(inArray(appointments.patientId, ids.length ? ids : [-1]));
  return { db, person, records, ids, consents, visitIds, now };
}

/** One page of visits (newest first) with their studio, service, provider, fee, intake and card photos' facts. */
async function visitPage(src: Source, after: Cursor | null) {
  if (!src.ids.length) return [];
  const { db } = src;
  const where: SQL[] = [inArray(appointments.patientId, src.ids)];
  if (after) where.push(sql`(${appointments.startsAt}, ${appointments.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`);
  const rows = await db
    .select({ visit: appointments, studio: studios, service: { code: services.code, name: services.name, category: services.category, priceCents: services.priceCents }, provider: { name: providers.name, role: providers.role } })
    .from(appointments)
    .innerJoin(studios, eq(studios.slug, appointments.studioSlug))
    .innerJoin(services, eq(services.code, appointments.serviceType))
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .where(and(...where))
    .orderBy(desc(appointments.startsAt), desc(appointments.id))
    .limit(PAGE);
  const ids = rows.map((r) => r.visit.id);
  const [fees, forms, photos] = ids.length
    ? await Promise.all([
        db.select().from(visitFees).where(inArray(visitFees.appointmentId, ids)),
        db.select().from(intakes).where(inArray(intakes.appointmentId, ids)),
        db
          .select({ id: intakeCardPhotos.id, appointmentId: intakeCardPhotos.appointmentId, side: intakeCardPhotos.side, mime: intakeCardPhotos.mime, width: intakeCardPhotos.width, height: intakeCardPhotos.height, createdAt: intakeCardPhotos.createdAt })
          .from(intakeCardPhotos)
          .where(inArray(intakeCardPhotos.appointmentId, ids))
          .orderBy(asc(intakeCardPhotos.id)),
      ])
    : [[], [], []];
  return rows.map(({ visit, studio, service, provider }) => {
    const tz = studioTimezone(studio.slug, studio.timezone);
    const fee = fees.find((f) => f.appointmentId === visit.id);
    const form = forms.find((f) => f.appointmentId === visit.id);
    return {
      visitId: visit.id,
      recordId: visit.patientId,
      status: visit.status,
      upcoming: visit.status === "CONFIRMED" && visit.startsAt > src.now,
      startsAt: isoWithOffset(visit.startsAt, tz),
      endsAt: isoWithOffset(visit.endsAt, tz),
      timeZone: tz,
      studio: { slug: studio.slug, name: studio.name, address: studio.address, phone: studio.phone, virtual: studio.isVirtual },
      service,
      provider,
      bookedVia: visit.channel,
      bookedAt: visit.createdAt.toISOString(),
      cancelledAt: visit.cancelledAt?.toISOString() ?? null,
      arrivedAt: visit.arrivedAt?.toISOString() ?? null,
      seriesPosition: visit.seriesPosition,
      needsInsurance: visit.needsInsurance,
      bookingDetails: visit.details,
      lateCancelFeeCents: visit.lateCancelFeeCents,
      fee: fee ? { amountCents: fee.amountCents, currency: fee.currency, status: fee.status, refundedCents: fee.refundedCents, paidAt: fee.paidAt?.toISOString() ?? null } : null,
      intake: form ? { status: form.status, completedAt: form.completedAt?.toISOString() ?? null, updatedAt: form.updatedAt.toISOString(), answers: form.answers, planCheck: form.planCheck ?? null } : null,
      cardPhotos: photos.filter((p) => p.appointmentId === visit.id).map((p) => ({ photoId: p.id, side: p.side, mime: p.mime, width: p.width, height: p.height, uploadedAt: p.createdAt.toISOString(), file: photoFile(visit.id, p.side, p.mime) })),
      _cursor: { at: visit.startsAt, id: visit.id },
    };
  });
}
export type ExportVisit = Omit<Awaited<ReturnType<typeof visitPage>>[number], "_cursor">;

const photoFile = (visitId: number, side: string, mime: string) => `card-photos/visit-${visitId}-${side}.${mime === "image/png" ? "png" : mime === "image/webp" ? "webp" : "jpg"}`;

/** Texts about the account's visits (a text not tied to a visit — an answer, an offer — may be to a shared number). */
async function textPage(src: Source, after: number) {
  return src.db
    .select({ id: smsOutbox.id, kind: smsOutbox.kind, to: smsOutbox.to, visitId: smsOutbox.appointmentId, status: smsOutbox.status, delivery: smsOutbox.delivery, createdAt: smsOutbox.createdAt, sentAt: smsOutbox.sentAt })
    .from(smsOutbox)
    .where(and(inArray(smsOutbox.appointmentId, src.visitIds), gt(smsOutbox.id, after)))
    .orderBy(asc(smsOutbox.id))
    .limit(PAGE);
}

/** Emails to the account's address (its family members' go to it too, decision 024): subject, when, state. */
async function emailPage(src: Source, after: number) {
  return src.db
    .select({ id: emailOutbox.id, subject: emailOutbox.subject, status: emailOutbox.status, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, src.person.email), gt(emailOutbox.id, after)))
    .orderBy(asc(emailOutbox.id))
    .limit(PAGE);
}

/** Who on the staff (or which API key) read the health data of the account's visits: from the audit log. */
async function readPage(src: Source, after: number) {
  return src.db
    .select({ id: auditLog.id, at: auditLog.at, actor: auditLog.actor, staffEmail: auditLog.staffEmail, staffRole: staff.role, action: auditLog.action, visitId: auditLog.appointmentId })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(inArray(auditLog.appointmentId, src.visitIds), inArray(auditLog.action, HEALTH_READS), or(eq(auditLog.actor, "staff"), eq(auditLog.actor, "api")), gt(auditLog.id, after)))
    .orderBy(asc(auditLog.id))
    .limit(PAGE);
}

/** Every page of a keyset-paged read, one page at a time. */
async function* pages<Row>(read: (after: number) => Promise<Row[]>, key: (row: Row) => number): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    after = key(rows[rows.length - 1]);
  }
}

async function* visitPages(src: Source): AsyncGenerator<ExportVisit[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await visitPage(src, after);
    if (rows.length) yield rows.map(({ _cursor, ...visit }) => visit);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]._cursor;
  }
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

function people(src: Source) {
  return src.records.map((r, i) => {
    const { texts, recall } = src.consents[i];
    const text = (h: (typeof texts.history)[number]) => ({ phone: h.phone, givenAt: iso(h.givenAt), givenVia: h.givenVia, givenByStaff: h.staffEmail, wordingVersion: h.wordingVersion, withdrawnAt: iso(h.withdrawnAt), withdrawnVia: h.withdrawnVia });
    return {
      recordId: r.id,
      relationship: r.familyOfPersonId === null ? "self" : r.relationship,
      removedFromFamilyAt: iso(r.removedAt),
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      dateOfBirth: r.dateOfBirth,
      preferences: r.preferences,
      language: r.locale,
      createdAt: iso(r.createdAt),
      consents: {
        texts: { current: texts.live ? text(texts.live) : null, numberStoppedAt: iso(texts.stoppedAt), history: texts.history.map(text) },
        recallEmails: { on: recall.on, offSince: iso(recall.offSince), offVia: recall.via },
        reminderEmails: { on: r.reminderEmailsOffAt === null, offSince: iso(r.reminderEmailsOffAt) },
      },
    };
  });
}

/** data.json, in pieces: the small parts at once, each list a page at a time. */
async function* jsonPieces(src: Source): AsyncGenerator<string> {
  const { person } = src;
  const head = {
    schemaVersion: EXPORT_SCHEMA_VERSION,
    generatedAt: src.now.toISOString(),
    account: { email: person.email, name: person.name, language: person.locale, createdAt: iso(person.createdAt), emailVerifiedAt: iso(person.emailVerifiedAt), passwordChangedAt: iso(person.passwordChangedAt) },
    people: people(src),
  };
  yield JSON.stringify(head, null, 2).replace(/\n}$/, "");
  const list = async function* <Row>(name: string, rows: AsyncGenerator<Row[]>, shape: (row: Row) => unknown) {
    yield `,\n  "${name}": [`;
    let first = true;
    for await (const page of rows) {
      yield page.map((row) => `${first ? ((first = false), "\n    ") : ",\n    "}${JSON.stringify(shape(row))}`).join("");
    }
    yield first ? "]" : "\n  ]";
  };
  yield* list("visits", visitPages(src), (v) => v);
  yield* list("textsSent", pages((after) => textPage(src, after), (r) => r.id), ({ id: _id, ...r }) => ({ ...r, createdAt: iso(r.createdAt), sentAt: iso(r.sentAt) }));
  yield* list("emailsSent", pages((after) => emailPage(src, after), (r) => r.id), ({ id: _id, ...r }) => ({ ...r, createdAt: iso(r.createdAt), sentAt: iso(r.sentAt) }));
  yield* list("healthDataReads", pages((after) => readPage(src, after), (r) => r.id), ({ id: _id, ...r }) => ({ ...r, at: iso(r.at), staffEmail: r.actor === "api" ? null : r.staffEmail }));
  yield "\n}\n";
}

const escapeHtml = (value: unknown) => String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STATUS: Record<string, string> = { CONFIRMED: "account.visit.status.confirmed", CANCELLED: "account.visit.status.cancelled", COMPLETED: "account.visit.status.completed", NO_SHOW: "account.visit.status.missed" };

/** An answer as words: a list's items joined, an object's fields as "name: value". */
function answerText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.map(answerText).join(", ");
  if (typeof value === "object") return Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}: ${answerText(v)}`).join("; ");
  return String(value);
}

const money = (cents: number, locale: string) => formatUsd(cents, { locale });

/** index.html, in pieces: the same content as data.json for a person to read (plain HTML, no scripts, one style). */
async function* htmlPieces(src: Source): AsyncGenerator<string> {
  const locale = src.person.locale === "es-US" ? "es-US" : "en-US";
  const t: T = tFor(locale);
  const when = (d: Date | null, tz = "America/New_York") => (d ? formatLongDateTime(d, tz, locale) : "—");
  const row = (cells: unknown[], tag = "td") => `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join("")}</tr>`;
  const table = (caption: string, headers: string[]) => `<table><caption>${escapeHtml(caption)}</caption><thead>${row(headers, "th")}</thead><tbody>`;
  yield `<!doctype html>
<html lang="${locale.slice(0, 2)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t("account.data.file.title"))}</title>
<style>
body{font-family:system-ui,sans-serif;color:#1f2a24;line-height:1.5;max-width:60rem;margin:0 auto;padding:1rem}
table{border-collapse:collapse;width:100%;margin:0 0 1.5rem}caption{text-align:left;font-weight:700;padding:.25rem 0}
th,td{border:1px solid #c8d1cc;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#eef3f0}
h2{margin-top:2rem;border-bottom:2px solid #1f6f4a}dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:700}
</style>
</head>
<body>
<h1>${escapeHtml(t("account.data.file.title"))}</h1>
<p>${escapeHtml(t("account.data.file.intro", { date: when(src.now) }))}</p>
<h2>${escapeHtml(t("account.data.file.account"))}</h2>
<dl><dt>${escapeHtml(t("account.data.file.email"))}</dt><dd>${escapeHtml(src.person.email)}</dd><dt>${escapeHtml(t("account.data.file.since"))}</dt><dd>${escapeHtml(when(src.person.createdAt))}</dd></dl>
`;
  const everyone = people(src);
  const nameOf = new Map(everyone.map((p) => [p.recordId, `${p.firstName} ${p.lastName}`.trim() || t("account.consents.you")]));
  yield `<h2>${escapeHtml(t("account.data.file.people"))}</h2>\n`;
  for (const p of everyone) {
    const texts = p.consents.texts.current;
    yield `<h3>${escapeHtml(nameOf.get(p.recordId))}${p.relationship === "self" ? "" : ` (${escapeHtml(t(`family.relationships.${p.relationship}`))})`}</h3>
<dl><dt>${escapeHtml(t("account.details.phone"))}</dt><dd>${escapeHtml(p.phone || "—")}</dd><dt>${escapeHtml(t("account.details.dateOfBirth"))}</dt><dd>${escapeHtml(p.dateOfBirth ?? "—")}</dd>
<dt>${escapeHtml(t("account.consents.texts.title"))}</dt><dd>${escapeHtml(texts ? t("account.data.file.textsOn", { phone: texts.phone, date: texts.givenAt?.slice(0, 10) ?? "", how: texts.givenVia + (texts.givenByStaff ? ` (${texts.givenByStaff})` : "") }) : t("account.consents.texts.off"))}${p.consents.texts.numberStoppedAt ? ` ${escapeHtml(t("account.data.file.stopped", { date: p.consents.texts.numberStoppedAt.slice(0, 10) }))}` : ""}</dd>
<dt>${escapeHtml(t("account.consents.recall.title"))}</dt><dd>${escapeHtml(p.consents.recallEmails.on ? t("account.consents.recall.on") : t("account.data.file.recallOff", { date: p.consents.recallEmails.offSince?.slice(0, 10) ?? "" }))}</dd>
<dt>${escapeHtml(t("account.consents.reminders.title"))}</dt><dd>${escapeHtml(p.consents.reminderEmails.on ? t("account.consents.reminders.on") : t("account.data.file.recallOff", { date: p.consents.reminderEmails.offSince?.slice(0, 10) ?? "" }))}</dd></dl>
`;
    if (p.consents.texts.history.length) {
      yield table(t("account.consents.history.title"), [t("account.data.file.number"), t("account.data.file.given"), t("account.data.file.withdrawn")]);
      for (const h of p.consents.texts.history) yield row([h.phone, `${h.givenAt?.slice(0, 10)} · ${h.givenVia}${h.givenByStaff ? ` (${h.givenByStaff})` : ""}`, h.withdrawnAt ? `${h.withdrawnAt.slice(0, 10)} · ${h.withdrawnVia}` : "—"]);
      yield "</tbody></table>\n";
    }
  }
  yield `<h2>${escapeHtml(t("account.data.file.visits"))}</h2>\n`;
  yield table(t("account.data.file.visits"), [t("account.data.file.when"), t("account.data.file.who"), t("account.data.file.studio"), t("account.data.file.service"), t("account.data.file.provider"), t("account.data.file.status"), t("account.data.file.fee")]);
  const withForms: ExportVisit[] = [];
  for await (const page of visitPages(src)) {
    for (const v of page) {
      const fee = v.fee ? `${money(v.fee.amountCents, locale)} · ${v.fee.status}${v.fee.refundedCents ? ` (−${money(v.fee.refundedCents, locale)})` : ""}` : "—";
      yield row([formatLongDateTime(new Date(v.startsAt), v.timeZone, locale), nameOf.get(v.recordId), studioName(t, locale, v.studio), serviceName(t, locale, v.service), `${v.provider.name} (${v.provider.role})`, t(STATUS[v.status]), fee]);
      // The intake answers follow the table: only the visits that have some are kept (a few per patient).
      if (v.intake || v.cardPhotos.length) withForms.push({ ...v, bookingDetails: {} });
    }
  }
  yield "</tbody></table>\n";
  yield `<h2>${escapeHtml(t("account.data.file.intake"))}</h2>\n`;
  if (!withForms.length) yield `<p>${escapeHtml(t("account.data.file.none"))}</p>\n`;
  for (const v of withForms) {
    yield `<h3>${escapeHtml(formatLongDateTime(new Date(v.startsAt), v.timeZone, locale))} · ${escapeHtml(nameOf.get(v.recordId))}</h3>\n<dl>`;
    for (const [question, answer] of Object.entries(v.intake?.answers ?? {})) yield `<dt>${escapeHtml(question)}</dt><dd>${escapeHtml(answerText(answer))}</dd>`;
    yield "</dl>\n";
    for (const photo of v.cardPhotos) yield `<p><a href="${escapeHtml(photo.file)}">${escapeHtml(t(`account.data.file.card.${photo.side}`))}</a></p>\n`;
  }
  const list = async function* <Row>(title: string, headers: string[], rows: AsyncGenerator<Row[]>, cells: (row: Row) => unknown[]) {
    yield `<h2>${escapeHtml(title)}</h2>\n`;
    let any = false;
    for await (const page of rows) {
      if (!any) yield table(title, headers);
      any = true;
      for (const r of page) yield row(cells(r));
    }
    yield any ? "</tbody></table>\n" : `<p>${escapeHtml(t("account.data.file.none"))}</p>\n`;
  };
  yield* list(t("account.data.file.texts"), [t("account.data.file.when"), t("account.data.file.number"), t("account.data.file.kind"), t("account.data.file.status")], pages((after) => textPage(src, after), (r) => r.id), (r) => [when(r.sentAt ?? r.createdAt), r.to, r.kind, r.delivery ?? r.status]);
  yield* list(t("account.data.file.emails"), [t("account.data.file.when"), t("account.data.file.subject"), t("account.data.file.status")], pages((after) => emailPage(src, after), (r) => r.id), (r) => [when(r.sentAt ?? r.createdAt), r.subject, r.status]);
  yield* list(t("account.data.file.reads"), [t("account.data.file.when"), t("account.data.file.whoRead"), t("account.data.file.what")], pages((after) => readPage(src, after), (r) => r.id), (r) => [when(r.at), r.actor === "api" ? t("account.data.file.apiKey") : `${r.staffEmail ?? ""}${r.staffRole ? ` (${r.staffRole})` : ""}`, t(`account.data.file.read.${r.action}`)]);
  yield `<p>${escapeHtml(t("account.data.file.json"))}</p>\n</body>\n</html>\n`;
}

/** The card photos' ids and file names, then each photo's bytes read alone when its turn comes. */
async function* photoFiles(src: Source): AsyncGenerator<{ file: string; bytes: Uint8Array }> {
  if (!src.ids.length) return;
  const all = pages(
    (after) =>
      src.db
        .select({ id: intakeCardPhotos.id, visitId: intakeCardPhotos.appointmentId, side: intakeCardPhotos.side, mime: intakeCardPhotos.mime })
        .from(intakeCardPhotos)
        .where(and(inArray(intakeCardPhotos.appointmentId, src.visitIds), gt(intakeCardPhotos.id, after)))
        .orderBy(asc(intakeCardPhotos.id))
        .limit(PAGE),
    (r) => r.id,
  );
  for await (const page of all) {
    for (const p of page) {
      const [photo] = await src.db.select({ bytes: intakeCardPhotos.bytes }).from(intakeCardPhotos).where(eq(intakeCardPhotos.id, p.id));
      if (photo) yield { file: photoFile(p.visitId, p.side, p.mime), bytes: photo.bytes };
    }
  }
}

/** Small strings are gathered to about this size before they go to the compressor (fewer, larger chunks). */
const CHUNK = 64 * 1024;

/**
 * The ZIP as a stream: each pull runs the writer until the compressor has handed out a chunk, so a slow reader
 * holds the reading (back-pressure) and no more than a page of rows and a chunk of output wait in memory.
 */
export function exportZip(db: Reader, personId: number, now = new Date()): ReadableStream<Uint8Array> {
  const out: Uint8Array[] = [];
  let finished = false;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      out.push(chunk);
      if (final) finished = true;
    }
  });
  async function* write(): AsyncGenerator<void> {
    const src = await openSource(db, personId, now);
    for (const [name, pieces] of [["data.json", jsonPieces(src)], ["index.html", htmlPieces(src)]] as const) {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      let buffered = "";
      for await (const piece of pieces) {
        buffered += piece;
        if (buffered.length >= CHUNK) {
          file.push(strToU8(buffered));
          buffered = "";
          yield;
        }
      }
      file.push(strToU8(buffered), true);
      yield;
    }
    for await (const photo of photoFiles(src)) {
      // Photos are JPEGs already: stored as they are, one at a time.
      const file = new ZipPassThrough(photo.file);
      zip.add(file);
      file.push(photo.bytes, true);
      yield;
    }
    zip.end();
  }
  const steps = write();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (!out.length && !finished) {
        const step = await steps.next();
        if (failure) throw failure;
        if (step.done) break;
      }
      while (out.length) controller.enqueue(out.shift()!);
      if (finished) controller.close();
    },
    async cancel() {
      await steps.return(undefined);
    },
  });
}
