/**
 * The body of every webhook delivery (issue 30 B, decision 032): thin on purpose. It says what happened to which
 * visit — never a name, email, phone or health data; a receiver that needs the patient reads the API, where the read
 * is audited. The OpenAPI document (app/api) describes exactly this schema.
 *
 * { "type": "visit.booked"|"visit.moved"|"visit.cancelled"|"visit.arrived"|"visit.completed"|"visit.no_show",
 *   "timestamp": "<ISO 8601 UTC>",
 *   "data": { "visitId": "<visit id as string>", "studio": "<studio slug>", "service": "<service slug>",
 *             "start": "<ISO 8601 with the studio's offset>", "status": "<visit status>",
 *             "channel"?: "online"|"phone"|"waitlist" (visit.booked: how it was booked, issue 38 E),
 *             "series": { "id": "<series id>", "position": 3, "count": 8 } | null (issue 39, decision 081),
 *             "changes": { "previousStart"?: "<ISO with offset>", "cancelledBy"?: "patient"|"staff"|"account_closed" } } }
 */
import { z } from "zod/v4";

export const WEBHOOK_EVENT_TYPES = ["visit.booked", "visit.moved", "visit.cancelled", "visit.arrived", "visit.completed", "visit.no_show"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The visit's status as the payload says it (the console's words). */
export const WEBHOOK_VISIT_STATUSES = ["booked", "arrived", "completed", "no_show", "cancelled"] as const;

/** An ISO 8601 instant with an offset (`2027-01-08T10:00:00-05:00`) or `Z`. */
const isoWithOffset = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/);

export const webhookPayloadSchema = z
  .object({
    type: z.enum(WEBHOOK_EVENT_TYPES),
    timestamp: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/),
    data: z
      .object({
        visitId: z.string().regex(/^\d+$/),
        studio: z.string().min(1),
        service: z.string().min(1),
        start: isoWithOffset,
        status: z.enum(WEBHOOK_VISIT_STATUSES),
        channel: z.enum(["online", "phone", "waitlist"]).optional(),
        series: z.object({ id: z.string().regex(/^\d+$/), position: z.number().int().min(1).max(24), count: z.number().int().min(1).max(24) }).strict().nullable(),
        changes: z
          .object({
            previousStart: isoWithOffset.optional(),
            cancelledBy: z.enum(["patient", "staff", "account_closed"]).optional(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();

export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
