import { Form } from "@remix-run/react";
import { Trans, useT } from "~/i18n/use-t";

// Apart from the join form (waitlist.tsx): /profile then loads its entries without the join form.
export type WaitlistEntryView = { id: number; studioName: string; serviceName: string; firstDay: string; lastDay: string; parts: string; days: string };

/** /profile: the account's waitlist entries, each with its own Leave button (a POST to /profile/waitlist). */
export function WaitlistEntries({ entries, left }: { entries: WaitlistEntryView[]; left: boolean }) {
  const t = useT();
  return (
    <section className="profile-section" id="waitlist" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">{t("waitlist.entries.title")}</h2>
      {left ? (
        <p className="notice" role="status">
          {t("waitlist.entries.left")}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p>{t("waitlist.entries.empty")}</p>
      ) : (
        <ul className="waitlist-entries">
          {entries.map((e) => (
            <li key={e.id}>
              <div>
                <Trans k="waitlist.entries.what" vars={{ service: e.serviceName, studio: e.studioName }} tags={{ service: <strong /> }} />
                <span className="hint">
                  {e.days}, {e.parts}
                </span>
              </div>
              <Form method="post" action="/profile/waitlist">
                <input type="hidden" name="entry" value={e.id} />
                <button type="submit" className="button button-secondary" aria-label={t("waitlist.entries.leaveLabel", { service: e.serviceName, studio: e.studioName })}>
                  {t("waitlist.entries.leave")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
