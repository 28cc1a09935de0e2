import { readFormPost, rejected } from "~/flow/forms.server";
import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { PRIVATE_PAGE } from "~/auth/headers";
import { getDb } from "~/db/client.server";
import { i18nOf } from "~/i18n/locale.server";
import { goneLink } from "~/platform/gone-link.server";
import { recallSubscription, setRecallOptOut } from "./recall.server";

/**
 * The unsubscribe page of a recall email (`/recall/unsubscribe/<token>`, issue 20 B). Opening it changes nothing
 * (link scanners open links); its one button posts. A mail client's RFC 8058 one-click post
 * (`List-Unsubscribe=One-Click`, no page) unsubscribes too. An unknown token is the site's 404.
 */
const unknownLink = () =>
  goneLink({
    heading: "common.gone.recallHeading",
    message: "common.gone.recall",
    next: { href: "/profile", label: "common.gone.seeVisits" },
  });

export async function unsubscribePage(request: Request, token: string) {
  const found = await recallSubscription(await getDb(), token);
  if (!found) throw unknownLink();
  return json({ optedOut: found.optedOut }, { headers: PRIVATE_PAGE });
}

const postSchema = z.union([
  z.object({ intent: z.enum(["stop", "resume"]) }),
  z.object({ "List-Unsubscribe": z.literal("One-Click") }).transform(() => ({ intent: "stop" as const })),
]);

export async function unsubscribeAction(request: Request, token: string) {
  const db = await getDb();
  if (!(await recallSubscription(db, token))) throw unknownLink();
  const parsed = postSchema.safeParse(Object.fromEntries((await readFormPost(request)).form));
  if (!parsed.success) {
    const found = await recallSubscription(db, token);
    return rejected({}, { "": ["recall.unsub.errors.resend"] }, { status: 400, headers: PRIVATE_PAGE, t: i18nOf(request).t, extra: { optedOut: found!.optedOut } });
  }
  await setRecallOptOut(db, token, parsed.data.intent === "stop");
  return redirect(`/recall/unsubscribe/${token}?done=${parsed.data.intent}`, { status: 303, headers: PRIVATE_PAGE });
}
