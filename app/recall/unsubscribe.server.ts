import { readFormPost, validateForm } from "~/flow/forms.server";
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
  const found = await recallSubscription(db, token);
  if (!found) throw unknownLink();
  const { form } = await readFormPost(request);
  // A post that is neither button nor a one-click unsubscribe: the page again, asking to press a button.
  const result = await validateForm(form, postSchema, i18nOf(request).t, undefined, {
    keep: [],
    headers: PRIVATE_PAGE,
    errors: () => ({ "": ["recall.unsub.errors.resend"] }),
    extra: { optedOut: found.optedOut },
  });
  if (!result.ok) return result.response;
  await setRecallOptOut(db, token, result.value.intent === "stop");
  return redirect(`/recall/unsubscribe/${token}?done=${result.value.intent}`, { status: 303, headers: PRIVATE_PAGE });
}
