/** A visit's status as the console, the API and webhooks name it, from its row (decision 020). */
export type VisitStatus = "booked" | "arrived" | "completed" | "no_show" | "cancelled";
export const VISIT_STATUSES: readonly VisitStatus[] = ["booked", "arrived", "completed", "no_show", "cancelled"];

export function visitStatus(row: { status: string; arrivedAt: Date | null }): VisitStatus {
  if (row.status === "CANCELLED") return "cancelled";
  if (row.status === "COMPLETED") return "completed";
  if (row.status === "NO_SHOW") return "no_show";
  return row.arrivedAt ? "arrived" : "booked";
}
