import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { inviteAction, referralCodeOf, referralLink } from "~/account/referral.server";
import { getPatient } from "~/auth/sessions.server";
import { loadContentPage } from "~/content/pages.server";
import { ContentPageView, contentPageMeta } from "~/ui/content-page";
import { ErrorSummary, FormStateProvider, SubmitButton, TextField } from "~/ui/form";
import { Trans, useT } from "~/i18n/use-t";

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

export const action = ({ request }: ActionFunctionArgs) => inviteAction(request);

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
