import { Link } from "@remix-run/react";
import { useT } from "~/i18n/use-t";

// Its own module, not family.tsx: the confirmed page would otherwise load the member form and the form kit (≈ 3 KB gzip).
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
