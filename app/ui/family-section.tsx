import { Link } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { VisitList, type VisitRowView } from "./profile";

// Apart from the member form (family.tsx): /profile then loads the section without the form's fields.
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
