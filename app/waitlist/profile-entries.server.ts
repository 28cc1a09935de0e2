/** The waitlist on /profile (decision 069: the page's server code in its feature): the entries, and leaving one. */
import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient, type Patient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { readFormPost, validateForm } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { accountEntries, accountMayLeave, leaveWaitlist } from "./entries.server";

/** The account's live entries, for the page. */
export const profileWaitlistEntries = async (patient: Patient, now: Date, locale: string) => accountEntries(await getDb(), patient, now, locale);

const leaveSchema = z.object({ entry: z.coerce.number().int().positive().max(2 ** 31 - 1) });

/** The Leave button: the entry ends (303 back to /profile), or one message when it is not the account's (400). */
export async function leaveFromProfile(request: Request) {
  const patient = await requirePatient(request);
  const { form } = await readFormPost(request);
  const { t } = i18nOf(request);
  const db = await getDb();
  const result = await validateForm(form, leaveSchema, t, async ({ entry }) => ((await accountMayLeave(db, patient, entry)) ? { entry } : { formErrors: ["waitlist.entries.notYours"] }));
  // The page shows one message, whatever was wrong: a number that is not an entry of this account is just that.
  if (!result.ok) return json({ message: t("waitlist.entries.notYours") }, { status: 400, headers: PRIVATE_PAGE });
  await leaveWaitlist(db, result.value.entry);
  return redirect("/profile?waitlist=left#waitlist", { status: 303, headers: PRIVATE_PAGE });
}
