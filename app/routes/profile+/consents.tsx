import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { consentsAction, consentsPage } from "~/account/consents-page.server";
import { authHeaders } from "~/auth/headers";
import { metaT, useT } from "~/i18n/use-t";
import { ErrorSummary, FormStateProvider, SubmitButton } from "~/ui/form";

/**
 * `/profile/consents` (issue 41 C, decision 079): the texts, recall emails, visit reminders and marketing the
 * account (and each family member it holds) agreed to — when, how, by whom — each withdrawn by its own post.
 */
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.consents.metaTitle") }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => consentsPage(request);
export const action = ({ request }: ActionFunctionArgs) => consentsAction(request);

export default function Consents() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="narrow">
      <h1>{t("account.consents.title")}</h1>
      <p className="lead">{t("account.consents.lead")}</p>
      {data.notice ? (
        <p className="notice" role="status">
          {data.notice}
        </p>
      ) : null}
      <FormStateProvider result={result} values={undefined}>
        <ErrorSummary />
      </FormStateProvider>
      {data.people.map((person) => (
        <section key={person.id} className="profile-section" aria-labelledby={`consents-${person.id}`}>
          <h2 id={`consents-${person.id}`}>{person.member ? t("account.consents.memberTitle", { name: person.name }) : t("account.consents.ownTitle")}</h2>
          <h3>{t("account.consents.texts.title")}</h3>
          <p>{person.texts.line}</p>
          {person.texts.stopped ? <p>{person.texts.stopped}</p> : null}
          {person.texts.on ? <ChangeForm intent="textsOff" record={person.id} label={t("account.consents.texts.withdraw")} /> : null}
          {person.textsHistory.length ? (
            <details>
              <summary>{t("account.consents.history.title")}</summary>
              <ul>
                {person.textsHistory.map((h) => (
                  <li key={h.key}>
                    {h.given}
                    {h.withdrawn ? ` ${h.withdrawn}` : ""}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <h3>{t("account.consents.recall.title")}</h3>
          <p>{person.recall.line}</p>
          {person.recall.on ? <ChangeForm intent="recallOff" record={person.id} label={t("account.consents.recall.withdraw")} /> : null}
          <h3>{t("account.consents.reminders.title")}</h3>
          <p>{person.reminders.line}</p>
          <ChangeForm
            intent={person.reminders.on ? "remindersOff" : "remindersOn"}
            record={person.id}
            label={t(person.reminders.on ? "account.consents.reminders.withdraw" : "account.consents.reminders.resume")}
          />
        </section>
      ))}
      <section className="profile-section" aria-labelledby="consents-other">
        <h2 id="consents-other">{t("account.consents.otherTitle")}</h2>
        <h3>{t("account.consents.visitEmails.title")}</h3>
        <p>{t("account.consents.visitEmails.body")}</p>
        <h3>{t("account.consents.marketing.title")}</h3>
        <p>{t("account.consents.marketing.body")}</p>
      </section>
      <p>
        <Link to="/profile">{t("account.consents.back")}</Link>
      </p>
    </div>
  );
}

/** One change to one record's consents: its own plain post. */
function ChangeForm({ intent, record, label }: { intent: string; record: number; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="record" value={record} />
      <SubmitButton label={label} />
    </Form>
  );
}
