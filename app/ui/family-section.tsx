import { Link } from "@remix-run/react";
import { VisitList, type VisitRowView } from "./profile";

// Apart from the member form (family.tsx): /profile then loads the section without the form's fields.
export type MemberCard = { id: number; name: string; firstName: string; summary: string; removed: boolean; href: string; upcoming: VisitRowView[]; past: VisitRowView[] };

/** /profile's family section: each member under their own name, with their visits; add someone. */
export function FamilySection({ family, notice }: { family: MemberCard[]; notice: string | null }) {
  return (
    <section className="profile-section" id="family" aria-labelledby="family-title">
      <h2 id="family-title">Your family</h2>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {family.length === 0 ? (
        <p className="profile-empty">Book and manage visits for your children and others in your care: add them here once, and choose them when you book.</p>
      ) : (
        <ul className="family-list">
          {family.map((member) => (
            <li key={member.id} className="family-member">
              <h3 className="family-member-name">
                {member.removed ? (
                  <>
                    {member.name} <span className="badge-removed">Removed</span>
                  </>
                ) : (
                  <Link to={member.href}>{member.name}</Link>
                )}
              </h3>
              <p className="hint">{member.summary}</p>
              {member.upcoming.length || member.past.length ? (
                <VisitList visits={[...member.upcoming, ...member.past.slice(0, 3)]} empty={null} />
              ) : (
                <p className="profile-empty">No visits yet.</p>
              )}
              {member.removed ? null : (
                <p className="actions-row">
                  <Link to={member.href} className="button button-secondary">
                    {member.firstName}’s visits, health and details<span className="visually-hidden"> ({member.name})</span>
                  </Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/profile/family/new" className="button button-secondary">
          Add a family member
        </Link>
      </p>
    </section>
  );
}
