import { Link } from "@remix-run/react";
import { useT } from "~/i18n/use-t";

// Its own module, not waitlist.tsx: the times page would otherwise load the join form and the profile's entries.
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
