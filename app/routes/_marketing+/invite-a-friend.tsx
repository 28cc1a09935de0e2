import { readFormPost } from "~/flow/forms.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { referralCodeOf, referralLink, shareReferralLink } from "~/account/referral.server";
import { getPatient, requirePatient } from "~/auth/sessions.server";
import { loadContentPage } from "~/content/pages.server";
import { ContentPageView, contentPageMeta } from "~/ui/content-page";
import { ErrorSummary, FormStateProvider, SubmitButton, TextField } from "~/ui/form";
import { i18nOf } from "~/i18n/locale.server";
import { localizeReply } from "~/i18n/translate";
import { Trans, useT } from "~/i18n/use-t";
import { inviteSchema } from "./invite-a-friend.server";

export const meta = contentPageMeta;

/** A 429's Retry-After reaches the document (Remix keeps only cookies of an action's headers otherwise). */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** `/invite-a-friend`: the offer and terms from content; a logged-in patient's personal link and sharing by email. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [page, patient] = await Promise.all([loadContentPage("invite-a-friend", request), getPatient(request)]);
  const link = patient ? referralLink(await referralCodeOf(patient.personId)) : null;
  return json({ ...page, link }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const patient = await requirePatient(request);
  const { locale, t } = i18nOf(request);
  const submission = parseWithZod((await readFormPost(request)).form, { schema: inviteSchema });
  if (submission.status !== "success") return json(localizeReply(submission.reply(), t), { status: 400 });
  const shared = await shareReferralLink(patient, submission.value.friendEmail, locale);
  if (!shared.sent) {
    const headers = { "Retry-After": String(shared.retryAfterSeconds) };
    return json(localizeReply(submission.reply({ formErrors: ["marketing.invite.errors.tooMany"] }), t), { status: 429, headers });
  }
  // `sentId`: a fresh form after each send (with JavaScript the page stays, so the field would keep the address).
  return json({ ...submission.reply({ resetForm: true }), sentTo: submission.value.friendEmail, sentId: crypto.randomUUID() });
}

export default function InviteAFriend() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const sentTo = result && "sentTo" in result ? String(result.sentTo) : null;
  const sentId = result && "sentId" in result ? String(result.sentId) : "unsent";
  const t = useT();
  return (
    <>
      <ContentPageView page={data} />
      <section className="page narrow invite" aria-labelledby="your-link">
        <h2 id="your-link">{t("marketing.invite.yourLink")}</h2>
        {data.link ? (
          <>
            <label htmlFor="referral-link">{t("marketing.invite.copyLink")}</label>
            <input id="referral-link" type="text" readOnly value={data.link} className="referral-link" />
            <FormStateProvider result={sentTo ? undefined : result} values={undefined}>
              <Form method="post" className="form" noValidate key={sentId}>
                <ErrorSummary />
                {sentTo ? (
                  <p className="notice" role="status">
                    {t("marketing.invite.sent", { email: sentTo })}
                  </p>
                ) : null}
                <TextField name="friendEmail" label={t("marketing.invite.emailLabel")} type="email" autoComplete="off" hint={t("marketing.invite.emailHint")} />
                <SubmitButton label={t("marketing.invite.send")} />
              </Form>
            </FormStateProvider>
          </>
        ) : (
          <p>
            <Trans k="marketing.invite.logIn" tags={{ login: <a href="/login?redirectTo=%2Finvite-a-friend" /> }} />
          </p>
        )}
      </section>
    </>
  );
}
