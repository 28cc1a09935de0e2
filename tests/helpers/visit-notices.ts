/**
 * The visit emails and texts are queued after the change's commit by their consumer of the visit events (app/visit-notices,
 * decision 070), which a server's job runs at once when woken. A test without a server runs it itself, as the job
 * would, before it reads the outboxes: every event so far told.
 */
import type { Db } from "~/db/client.server";

export async function tellVisitChanges(db: Db): Promise<void> {
  // Imported when first used: a test file sets its environment before the app's modules load.
  const { sendVisitNotices } = await import("~/visit-notices/notices.server");
  while ((await sendVisitNotices(db)) > 0);
}
