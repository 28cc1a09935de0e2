import { Link } from "@remix-run/react";

export type AvailabilityPage = "hours" | "time-off" | "closures" | "services";
const PAGES: { page: AvailabilityPage; label: string }[] = [
  { page: "hours", label: "Weekly hours" },
  { page: "time-off", label: "Time off" },
  { page: "closures", label: "Closures" },
  { page: "services", label: "Services" },
];

export const availabilityPath = (slug: string, page: Exclude<AvailabilityPage, "services">) => `/staff/studios/${slug}/${page}`;

/**
 * The availability pages' own menu (issue 18 C): the studio's hours, time off and closures, the chain's services,
 * and a studio switcher (a GET form, no script) for staff of several studios.
 */
export function AvailabilityNav({
  current,
  studio,
  studios,
}: {
  current: AvailabilityPage;
  studio: { slug: string; name: string } | null;
  studios: { slug: string; name: string }[];
}) {
  const slug = studio?.slug ?? studios[0]?.slug;
  return (
    <nav className="day-nav availability-nav" aria-label="Availability">
      <ul>
        {PAGES.map(({ page, label }) => {
          const to = page === "services" ? "/staff/services" : slug ? availabilityPath(slug, page) : null;
          if (!to) return null;
          return (
            <li key={page}>
              {page === current ? <strong aria-current="page">{label}</strong> : <Link to={to}>{label}</Link>}
            </li>
          );
        })}
      </ul>
      {studio && studios.length > 1 && current !== "services" ? (
        <form method="get" action="/staff/availability">
          <input type="hidden" name="page" value={current} />
          <div className="field">
            <label htmlFor="studio">Studio</label>
            <select id="studio" name="studio" defaultValue={studio.slug}>
              {studios.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button-secondary button-small">
            Show
          </button>
        </form>
      ) : null}
    </nav>
  );
}

/** A one-button form that removes a row (its own POST; the page answers with the list again). */
export function RemoveButton({ id, label }: { id: number; label: string }) {
  return (
    <form method="post" className="inline-form">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="link-button">
        {label}
      </button>
    </form>
  );
}
