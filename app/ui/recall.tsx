import { Link } from "@remix-run/react";

export type NextCheckup = { key: string; patientName: string; line: string; bookHref: string };

/**
 * /profile's "next checkup" (issue 20 B): for each of the account's patients with a checkup on record and nothing
 * booked, when the next one is due and a Book link to the same studio and service. Nothing when there is none.
 */
export function NextCheckups({ items }: { items: NextCheckup[] }) {
  if (items.length === 0) return null;
  return (
    <section className="profile-section" id="recall" aria-labelledby="recall-title">
      <h2 id="recall-title">Next checkup</h2>
      <ul className="recall-list">
        {items.map((item) => (
          <li key={item.key} className="recall-item">
            <span className="recall-text">
              {item.patientName ? <span className="recall-name">{item.patientName}</span> : null}
              <span className="recall-line" id={`recall-${item.key}`}>
                {item.line}
              </span>
            </span>
            <Link to={item.bookHref} className="button" aria-describedby={`recall-${item.key}`}>
              Book
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
