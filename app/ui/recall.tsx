import { Link } from "@remix-run/react";
import { useT } from "~/i18n/use-t";

export type NextCheckup = { key: string; patientName: string; line: string; bookHref: string };

/**
 * /profile's "next checkup" (issue 20 B): for each of the account's patients with a checkup on record and nothing
 * booked, when the next one is due and a Book link to the same studio and service. Nothing when there is none.
 */
export function NextCheckups({ items }: { items: NextCheckup[] }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <section className="profile-section" id="recall" aria-labelledby="recall-title">
      <h2 id="recall-title">{t("recall.section.title")}</h2>
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
              {t("recall.section.book")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
