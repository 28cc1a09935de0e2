/**
 * The development pages' server code (decision 069): /dev/outbox (the emails, texts and visits the embedded default
 * keeps instead of sending), one email's parts, and /dev/sms (a reply as a patient). They exist only in development or
 * with DEV_ROUTES=true (the e2e server); anywhere else each is a 404.
 */
import { json, redirect } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { readFormPost, validateForm } from "~/flow/forms.server";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import { getEnv } from "~/platform/env.server";
import { latestOutboxAndVisits, outboxEmail } from "~/scheduling/dev-outbox.server";
import { devReplySchema, latestReplies, latestTexts, replyAsPatient } from "~/sms/dev.server";

const NO_STORE = { "Cache-Control": "no-store" };

function refuseUnlessEnabled() {
  const env = getEnv();
  if (!(env.DEV_ROUTES || env.NODE_ENV === "development")) throw new Response("Not found", { status: 404 });
}

export async function devOutboxPage() {
  refuseUnlessEnabled();
  const db = await getDb();
  const [{ mails, visits }, texts] = await Promise.all([latestOutboxAndVisits(db), latestTexts(db)]);
  return json(
    {
      texts: texts.map((t) => ({ ...t, createdAt: t.createdAt.toISOString(), sendAt: t.sendAt.toISOString() })),
      mails: mails.map(({ ics, ...m }) => ({
        ...m,
        createdAt: m.createdAt.toISOString(),
        attachments: ics ? [{ name: "appointment.ics", type: "text/calendar", bytes: new TextEncoder().encode(ics).length }] : [],
      })),
      visits: visits.map((v) => ({ ...v, startsAt: v.startsAt.toISOString() })),
    },
    { headers: NO_STORE },
  );
}

/** One queued email's parts, as downloads (the site's CSP forbids the email's inline styles on a page of ours). */
const PARTS = {
  "email.html": { type: "text/html; charset=utf-8", pick: (m: { html: string | null }) => m.html },
  "email.txt": { type: "text/plain; charset=utf-8", pick: (m: { text: string }) => m.text },
  "appointment.ics": { type: "text/calendar; charset=utf-8", pick: (m: { ics: string | null }) => m.ics },
} as const;

export async function devOutboxFile(params: { id?: string; file?: string }) {
  refuseUnlessEnabled();
  const part = PARTS[params.file as keyof typeof PARTS];
  const id = Number(params.id);
  if (!part || !Number.isSafeInteger(id) || id < 1) throw new Response("Not found", { status: 404 });
  const mail = await outboxEmail(await getDb(), id);
  const body = mail ? part.pick(mail) : null;
  if (body === null || body === undefined) throw new Response("Not found", { status: 404 });
  return new Response(body, { headers: { "Content-Type": part.type, "Content-Disposition": `attachment; filename="${id}-${params.file}"`, ...NO_STORE } });
}

export async function devSmsPage() {
  refuseUnlessEnabled();
  const replies = await latestReplies(await getDb());
  return json({ replies: replies.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString() })) }, { headers: NO_STORE });
}

/** The same handling as a signed /sms/inbound post (issue 31 D), without the provider or its signature. */
export async function devReplyAsPatient(request: Request) {
  refuseUnlessEnabled();
  const { form } = await readFormPost(request);
  const parsed = await validateForm(form, devReplySchema, tFor(DEFAULT_LOCALE), undefined, { keep: ["from", "body"] });
  if (!parsed.ok) return parsed.response;
  const taken = await replyAsPatient(await getDb(), parsed.value, { now: new Date(), siteOrigin: getEnv().SITE_ORIGIN });
  throw redirect(`/dev/sms?taken=${taken}`, 303);
}
