import { Form } from "@remix-run/react";

// Apart from the join form (waitlist.tsx): /profile then loads its entries without the join form.
export type WaitlistEntryView = { id: number; studioName: string; serviceName: string; firstDay: string; lastDay: string; parts: string; days: string };

/** /profile: the account's waitlist entries, each with its own Leave button (a POST to /profile/waitlist). */
export function WaitlistEntries({ entries, left }: { entries: WaitlistEntryView[]; left: boolean }) {
  return (
    <section className="profile-section" id="waitlist" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">Waitlist</h2>
      {left ? (
        <p className="notice" role="status">
          You left the waitlist.
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p>You’re not waiting for a time. When no time suits you, join the waitlist from the times page.</p>
      ) : (
        <ul className="waitlist-entries">
          {entries.map((e) => (
            <li key={e.id}>
              <div>
                <strong>{e.serviceName}</strong> at {e.studioName}
                <span className="hint">
                  {e.days}, {e.parts}
                </span>
              </div>
              <Form method="post" action="/profile/waitlist">
                <input type="hidden" name="entry" value={e.id} />
                <button type="submit" className="button button-secondary" aria-label={`Leave the waitlist for ${e.serviceName} at ${e.studioName}`}>
                  Leave
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
