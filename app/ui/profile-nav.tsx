import { NavLink } from "@remix-run/react";
import { useT } from "~/i18n/use-t";

// Apart from profile.tsx's lists: only the patient area's layout renders it, so it is part of the layout's own chunk and
// the area's pages without a visit list (a visit's cancel and reschedule, a family member) do not load the lists.

const AREA = [
  { to: "/profile", label: "account.nav.visits", end: true },
  { to: "/profile/health", label: "account.nav.health", end: false },
  { to: "/profile/breezy-braces", label: "account.nav.braces", end: false },
  { to: "/invite-a-friend", label: "account.nav.invite", end: false },
];

/** The patient area's sub-navigation: plain links, the current page marked for assistive technology. */
export function ProfileNav() {
  const t = useT();
  return (
    <nav className="profile-nav" aria-label={t("account.nav.label")}>
      <ul>
        {AREA.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end}>
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
