/**
 * The waitlist's pieces of pages (issue 19 B, decision 022): the invitation under the times, the join form, and the
 * entries on /profile. Plain links and forms: nothing here needs JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { Trans, useT } from "~/i18n/use-t";
import { ChoiceFieldset, ErrorSummary, FormActions, FormStateProvider, TextField, useField, type FormResult, type SavedValues } from "./form";

/** Under the times: the way onto the waitlist for this studio and service (all times shown, or none). */
export function WaitlistInvite() {
  const t = useT();
  return (
    <aside className="waitlist-invite" aria-labelledby="waitlist-invite-title">
      <h2 id="waitlist-invite-title">{t("waitlist.invite.title")}</h2>
      <p>{t("waitlist.invite.text")}</p>
      <p>
        <Link to="/booking/waitlist" className="button button-secondary">
          {t("waitlist.invite.join")}
        </Link>
      </p>
    </aside>
  );
}

type JoinData = {
  studioName: string;
  serviceName: string;
  accountEmail: string | null;
  bounds: { min: string; max: string };
  values: SavedValues;
  parts: { value: string; label: string; hours: string }[];
};

function PartBoxes({ parts }: { parts: JoinData["parts"] }) {
  const field = useField("parts");
  const t = useT();
  return (
    <ChoiceFieldset name="parts-group" legend={t("waitlist.form.parts")} hint={t("waitlist.form.partsHint")} error={field.error}>
      <div className="choices choices-inline">
        {parts.map((p, i) => (
          <label className="choice" key={p.value}>
            {/* The first box carries the field's id: the error summary's link lands on it. */}
            <input type="checkbox" name="parts" value={p.value} id={i === 0 ? "parts" : `parts-${p.value}`} defaultChecked={field.values.includes(p.value)} />
            <span>
              <span className="choice-title">{p.label}</span>
              <span className="choice-detail">{p.hours}</span>
            </span>
          </label>
        ))}
      </div>
    </ChoiceFieldset>
  );
}

export function WaitlistJoinForm({ data, result }: { data: JoinData; result: FormResult }) {
  const t = useT();
  return (
    <FormStateProvider result={result} values={data.values}>
      <ErrorSummary />
      <Form method="post" className="form" noValidate>
        <div className="field-row">
          <TextField name="firstDay" label={t("waitlist.form.from")} type="date" min={data.bounds.min} max={data.bounds.max} />
          <TextField name="lastDay" label={t("waitlist.form.until")} type="date" min={data.bounds.min} max={data.bounds.max} />
        </div>
        <PartBoxes parts={data.parts} />
        {data.accountEmail ? (
          <p>
            <Trans k="waitlist.form.accountEmail" vars={{ email: data.accountEmail }} tags={{ email: <strong /> }} />
          </p>
        ) : (
          <TextField name="email" label={t("waitlist.form.email")} type="email" autoComplete="email" hint={t("waitlist.form.emailHint")} />
        )}
        <FormActions submitLabel={t("waitlist.form.submit")} back="/booking/times" />
      </Form>
    </FormStateProvider>
  );
}

export type WaitlistEntryView = { id: number; studioName: string; serviceName: string; firstDay: string; lastDay: string; parts: string; days: string };

/** /profile: the account's waitlist entries, each with its own Leave button (a POST to /profile/waitlist). */
export function WaitlistEntries({ entries, left }: { entries: WaitlistEntryView[]; left: boolean }) {
  const t = useT();
  return (
    <section className="profile-section" id="waitlist" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">{t("waitlist.entries.title")}</h2>
      {left ? (
        <p className="notice" role="status">
          {t("waitlist.entries.left")}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p>{t("waitlist.entries.empty")}</p>
      ) : (
        <ul className="waitlist-entries">
          {entries.map((e) => (
            <li key={e.id}>
              <div>
                <Trans k="waitlist.entries.what" vars={{ service: e.serviceName, studio: e.studioName }} tags={{ service: <strong /> }} />
                <span className="hint">
                  {e.days}, {e.parts}
                </span>
              </div>
              <Form method="post" action="/profile/waitlist">
                <input type="hidden" name="entry" value={e.id} />
                <button type="submit" className="button button-secondary" aria-label={t("waitlist.entries.leaveLabel", { service: e.serviceName, studio: e.studioName })}>
                  {t("waitlist.entries.leave")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
