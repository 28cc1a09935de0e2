import { Link } from "@remix-run/react";

// Its own module, not waitlist.tsx: the times page would otherwise load the join form and the profile's entries.
/** Under the times: the way onto the waitlist for this studio and service (all times shown, or none). */
export function WaitlistInvite() {
  return (
    <aside className="waitlist-invite" aria-labelledby="waitlist-invite-title">
      <h2 id="waitlist-invite-title">None of these times work?</h2>
      <p>Tell us the days and times that suit you and we’ll email you when one frees up.</p>
      <p>
        <Link to="/booking/waitlist" className="button button-secondary">
          Join the waitlist
        </Link>
      </p>
    </aside>
  );
}
