import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { authHeaders } from "~/auth/headers";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { ChoiceGroup, ErrorSummary, FormStateProvider, SubmitButton, TextField, type FormResult, type SavedValues } from "~/ui/form";
import { DateField, PasswordField } from "~/ui/form-fields";
import { FamilySection } from "~/ui/family-section";
import { VisitList } from "~/ui/profile";
import { NextCheckups } from "~/ui/recall";
import { WaitlistEntries } from "~/ui/waitlist-entries";
import { PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { profileAccountPart, profileAction, type ProfileIntent as Intent } from "~/account/profile-page.server";
import { i18nOf } from "~/i18n/locale.server";
import { profileRecalls } from "~/recall/recall.server";
import { profileWaitlistEntries } from "~/waitlist/profile-entries.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.profile.metaTitle") }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

/** The page: the account's part, its recalls and its waitlist entries, each from its feature. */
export async function loader({ request }: LoaderFunctionArgs) {
  const patient = await requirePatient(request);
  const { locale } = i18nOf(request);
  const now = new Date();
  const [account, recalls, entries] = await Promise.all([profileAccountPart(request, patient, now), profileRecalls(patient.personId, now, locale), profileWaitlistEntries(patient, now, locale)]);
  const left = new URL(request.url).searchParams.get("waitlist") === "left";
  return json({ ...account, recalls, waitlist: { entries, left } }, { headers: PRIVATE_PAGE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return profileAction(request, await requirePatient(request), context);
}

/** One form of the page: its own messages and values, an `intent`, a submit button; "Saved" after it worked. */
function ProfileForm({ intent, title, result, values, done, submitLabel, children }: { intent: Intent; title: string; result: (FormResult & { intent?: string | null }) | undefined; values?: SavedValues; done: { intent: Intent | null; notice: string | null }; submitLabel: string; children: ReactNode }) {
  const mine = result?.intent === intent ? result : undefined;
  const location = useLocation();
  return (
    <section className="profile-section" id={intent} aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`}>{title}</h2>
      {done.intent === intent && !mine ? (
        <p className="notice" role="status">
          {done.notice}
        </p>
      ) : null}
      <FormStateProvider result={mine} values={values}>
        <ErrorSummary />
        {/* A new key after each navigation: a saved form starts afresh (with JavaScript, inputs would keep what was typed). */}
        <Form method="post" className="form" noValidate key={location.key}>
          <input type="hidden" name="intent" value={intent} />
          {children}
          <div className="form-actions">
            <SubmitButton label={submitLabel} />
          </div>
        </Form>
      </FormStateProvider>
    </section>
  );
}

export default function Profile() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const others = data.sessions.filter((s) => !s.current).length;
  const done = { intent: data.done, notice: data.notice };
  const t = useT();
  return (
    <>
      <h1>{data.firstName ? t("account.profile.helloName", { name: data.firstName }) : t("account.profile.hello")}</h1>
      <p className="lead">{t("account.profile.lead")}</p>
      {result && result.intent === null ? (
        <FormStateProvider result={result} values={undefined}>
          <ErrorSummary />
        </FormStateProvider>
      ) : null}

      <section className="profile-section" aria-labelledby="visits-title">
        <h2 id="visits-title">{t("account.profile.upcoming")}</h2>
        <VisitList visits={data.upcoming} empty={<Trans k="account.profile.noUpcoming" tags={{ book: <Link to="/booking" /> }} />} />
        <h3>{t("account.profile.past")}</h3>
        <VisitList visits={data.past} empty={t("account.profile.noPast")} />
      </section>

      <FamilySection family={data.family} notice={data.familyNotice} />
      <NextCheckups items={data.recalls} />
      <WaitlistEntries entries={data.waitlist.entries} left={data.waitlist.left} />

      <ProfileForm intent="details" title={t("account.details.title")} result={result} values={data.details} done={done} submitLabel={t("account.details.submit")}>
        <p className="hint">{t("account.details.hint")}</p>
        <div className="field-row">
          <TextField name="firstName" label={t("account.details.firstName")} autoComplete="given-name" />
          <TextField name="lastName" label={t("account.details.lastName")} autoComplete="family-name" />
        </div>
        <TextField name="phone" label={t("account.details.phone")} type="tel" autoComplete="tel" inputMode="tel" hint={t("account.details.phoneHint")} />
        <DateField name="dateOfBirth" legend={t("account.details.dateOfBirth")} hint={t("account.details.dateOfBirthHint")} autoCompletePrefix="bday" />
      </ProfileForm>

      <ProfileForm intent="comfort" title={t("account.comfort.title")} result={result} values={data.comfort} done={done} submitLabel={t("account.comfort.submit")}>
        <ChoiceGroup name="flavor" legend={t("account.comfort.flavor")} className="choices choices-inline" choices={data.flavors} />
        <ChoiceGroup name="show" legend={t("account.comfort.show")} className="choices choices-inline" choices={data.shows} />
      </ProfileForm>

      {/* The consent box needs nothing the form kit's CheckboxField adds (no field error, nothing posted to put back):
          a native box whose ticking is the saved choice, so /profile loads no checkbox chunk (issue 34: ≤ 96 KB of JS). */}
      <ProfileForm intent="texts" title={t("account.sms.title")} result={result} done={done} submitLabel={t("account.sms.submit")}>
        <p>{data.texts.status}</p>
        {data.texts.stopped ? <p className="hint">{t("account.sms.stopped")}</p> : null}
        {data.texts.hasPhone ? (
          <div className="field">
            <label className="choice" htmlFor="sms">
              <input type="checkbox" id="sms" name="sms" value="on" defaultChecked={data.texts.on} aria-describedby="sms-hint" />
              <span>
                <span className="choice-title">{t("account.sms.label")}</span>
                <span className="choice-detail" id="sms-hint">
                  {t("account.sms.hint")}
                </span>
              </span>
            </label>
          </div>
        ) : (
          <p className="hint">{t("account.sms.noPhone")}</p>
        )}
      </ProfileForm>
      {data.texts.on ? (
        <Form method="post" className="form profile-texts-off">
          <input type="hidden" name="intent" value="textsOff" />
          <button type="submit" className="button button-secondary">
            {t("account.sms.stop")}
          </button>
        </Form>
      ) : null}

      {data.cards ? (
        <p id="cards">
          <Link to="/profile/cards">{data.cards}</Link>
        </p>
      ) : null}

      <ProfileForm intent="email" title={t("account.changeEmail.title")} result={result} done={done} submitLabel={t("account.changeEmail.submit")}>
        <p>
          <Trans k="account.changeEmail.lead" vars={{ email: data.email }} tags={{ strong: <strong className="profile-email" /> }} />
        </p>
        <TextField name="newEmail" label={t("account.changeEmail.newEmail")} type="email" autoComplete="email" />
        <PasswordField name="emailPassword" label={t("account.changeEmail.password")} autoComplete="current-password" />
      </ProfileForm>

      <ProfileForm intent="password" title={t("account.changePassword.title")} result={result} done={done} submitLabel={t("account.changePassword.submit")}>
        <PasswordField name="currentPassword" label={t("account.changePassword.current")} autoComplete="current-password" />
        <PasswordField name="newPassword" label={t("account.newPasswordLabel")} autoComplete="new-password" hint={t("account.changePassword.hint", { min: data.passwordMin })} />
      </ProfileForm>

      <section className="profile-section" id="sessions" aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t("account.sessions.title")}</h2>
        {data.done === "sessions" ? (
          <p className="notice" role="status">
            {data.notice}
          </p>
        ) : null}
        <ul className="session-list">
          {data.sessions.map((s, i) => (
            <li key={i}>
              <span className="session-device">
                {s.device}
                {s.current ? <span className="badge-current">{t("account.sessions.thisDevice")}</span> : null}
              </span>
              <span className="hint">{s.lastSeen}</span>
            </li>
          ))}
        </ul>
        <div className="actions-row">
          {others > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="sessions" />
              <button type="submit" className="button button-secondary">
                {t("account.sessions.logOutOthers")}
              </button>
            </Form>
          ) : null}
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className="button button-secondary">
              {t("account.logout.submit")}
            </button>
          </Form>
        </div>
      </section>

      {/* The data-rights pages (issue 41), worded by the loader: a new one adds no client code (96 KB budget). */}
      <p>{data.links.map((l) => [" ", <Link key={l.to} to={l.to}>{l.label}</Link>])}</p>
    </>
  );
}
