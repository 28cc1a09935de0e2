import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The patient area's pieces (issue 10): visit lists, read-only answers (its navigation: profile-nav.tsx). */

/** `status` worded by the loader; `tone` its style (confirmed, cancelled…). */
export type VisitRowView = { href: string; when: string; service: string; studio: string; status: string; tone: string; upcoming: boolean };

/** Visits as cards, each linking to its page; `empty` when there are none. */
export function VisitList({ visits, empty }: { visits: VisitRowView[]; empty: ReactNode }) {
  if (visits.length === 0) return <p className="profile-empty">{empty}</p>;
  return (
    <ul className="visit-list">
      {visits.map((visit) => (
        <li key={visit.href} className={`visit-card${visit.upcoming ? " visit-card-upcoming" : ""}`}>
          <Link to={visit.href} className="visit-card-title">
            {visit.service}
          </Link>
          <span className="visit-card-when">{visit.when}</span>
          <span className="visit-card-where">{visit.studio}</span>
          <span className={`visit-status visit-status-${visit.tone}`}>{visit.status}</span>
        </li>
      ))}
    </ul>
  );
}

/** Answers on file, read-only (the intake's check-your-answers list without the change links). */
export function AnswerList({ rows }: { rows: { key: string; value: string }[] }) {
  return (
    <dl className="summary-list">
      {rows.map((row) => (
        <div key={row.key}>
          <dt>{row.key}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
