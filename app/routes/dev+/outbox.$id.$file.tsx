import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { outboxEmail } from "~/scheduling/dev-outbox.server";
import { devRoutesEnabled } from "./dev-routes.server";

/**
 * /dev/outbox/<id>/email.html, email.txt or appointment.ics: one queued email's parts, as downloads (the
 * site's CSP forbids the email's inline styles here; opened from disk, the HTML shows as a mail client would).
 */
const PARTS = {
  "email.html": { type: "text/html; charset=utf-8", pick: (m: { html: string | null }) => m.html },
  "email.txt": { type: "text/plain; charset=utf-8", pick: (m: { text: string }) => m.text },
  "appointment.ics": { type: "text/calendar; charset=utf-8", pick: (m: { ics: string | null }) => m.ics },
} as const;

export async function loader({ params }: LoaderFunctionArgs) {
  const part = PARTS[params.file as keyof typeof PARTS];
  const id = Number(params.id);
  if (!devRoutesEnabled() || !part || !Number.isSafeInteger(id) || id < 1) throw new Response("Not found", { status: 404 });
  const mail = await outboxEmail(await getDb(), id);
  const body = mail ? part.pick(mail) : null;
  if (body === null || body === undefined) throw new Response("Not found", { status: 404 });
  return new Response(body, {
    headers: { "Content-Type": part.type, "Content-Disposition": `attachment; filename="${id}-${params.file}"`, "Cache-Control": "no-store" },
  });
}
