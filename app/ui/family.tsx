import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { ChoiceGroup, DateField, ErrorSummary, FormStateProvider, SubmitButton, TextField, type FormResult, type SavedValues } from "./form";
import { VisitList, type VisitRowView } from "./profile";

/** Family members in the patient area (issue 20 A): the profile's section, the member form. */

export type MemberCard = { id: number; name: string; firstName: string; summary: string; removed: boolean; href: string; upcoming: VisitRowView[]; past: VisitRowView[] };

/** /profile's family section: each member under their own name, with their visits; add someone. */
export function FamilySection({ family, notice }: { family: MemberCard[]; notice: string | null }) {
  const t = useT();
  return (
    <section className="profile-section" id="family" aria-labelledby="family-title">
      <h2 id="family-title">{t("family.section.title")}</h2>
      {notice ? (
        <p className="notice" role="status">
          {t(notice)}
        </p>
      ) : null}
      {family.length === 0 ? (
        <p className="profile-empty">{t("family.section.empty")}</p>
      ) : (
        <ul className="family-list">
          {family.map((member) => (
            <li key={member.id} className="family-member">
              <h3 className="family-member-name">
                {member.removed ? (
                  <>
                    {member.name} <span className="badge-removed">{t("family.section.removed")}</span>
                  </>
                ) : (
                  <Link to={member.href}>{member.name}</Link>
                )}
              </h3>
              <p className="hint">{member.summary}</p>
              {member.upcoming.length || member.past.length ? (
                <VisitList visits={[...member.upcoming, ...member.past.slice(0, 3)]} empty={null} />
              ) : (
                <p className="profile-empty">{t("family.section.noVisits")}</p>
              )}
              {member.removed ? null : (
                <p className="actions-row">
                  <Link to={member.href} className="button button-secondary">
                    {t("family.section.memberLink", { firstName: member.firstName })}<span className="visually-hidden"> ({member.name})</span>
                  </Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/profile/family/new" className="button button-secondary">
          {t("family.section.add")}
        </Link>
      </p>
    </section>
  );
}

/** The add and edit form's fields. */
export function MemberFields({ relationships }: { relationships: { value: string; label: string }[] }) {
  const t = useT();
  return (
    <>
      <div className="field-row">
        <TextField name="firstName" label={t("family.fields.firstName")} autoComplete="off" />
        <TextField name="lastName" label={t("family.fields.lastName")} autoComplete="off" />
      </div>
      <DateField name="dateOfBirth" legend={t("family.fields.dateOfBirth")} hint={t("family.fields.dateOfBirthHint")} />
      <ChoiceGroup name="relationship" legend={t("family.fields.relationship")} choices={relationships} />
    </>
  );
}

/** A member form with its messages and error summary; a real POST with its own submit button. */
export function MemberForm({ result, values, submitLabel, hidden, children }: { result: FormResult; values: SavedValues; submitLabel: string; hidden?: Record<string, string>; children: ReactNode }) {
  return (
    <FormStateProvider result={result} values={values}>
      <ErrorSummary />
      <Form method="post" className="form" noValidate>
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div className="form-actions">
          <SubmitButton label={submitLabel} />
        </div>
      </Form>
    </FormStateProvider>
  );
}

/** The confirmed page's two visits booked together (issue 20 A), each with its own page in the patient area. */
export function BookedTogether({ visits }: { visits: { name: string; service: string; when: string; href: string; cancelled: boolean }[] | null }) {
  const t = useT();
  if (!visits) return null;
  return (
    <section aria-labelledby="together-title">
      <h2 id="together-title">{t("family.together.title")}</h2>
      <ul className="pair-list">
        {visits.map((v) => (
          <li key={v.href}>
            <span className="visit-for">{v.name}</span>
            <br />
            {v.service}, {v.when}
            {v.cancelled ? t("family.together.cancelled") : ""}
            <br />
            <Link to={v.href}>{t("family.together.manage", { name: v.name })}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
