/**
 * The shape of `data.json` in a patient's copy of their data (decision 080), version EXPORT_SCHEMA_VERSION. The one
 * source of the schema: the integration test parses every export with it (strict: a field added to the export and
 * not here fails), and `docs/data-export-schema.json` is its JSON Schema (a unit test keeps the two equal); the
 * fields are explained in `docs/data-export-schema.md`.
 */
import { z } from "zod/v4";

const instant = z.string().describe("An instant, ISO 8601 in UTC (…Z)");
const local = z.string().describe("A time in the studio's zone, ISO 8601 with its offset (…-05:00)");
const maybe = <T extends z.ZodType>(t: T) => t.nullable();

const textConsent = z.strictObject({
  phone: z.string().describe("E.164, +1 and 10 digits"),
  givenAt: maybe(instant),
  givenVia: z.enum(["booking", "profile", "keyword", "desk"]),
  givenByStaff: maybe(z.string()).describe("The desk staff member's work address, when given on the phone"),
  wordingVersion: z.string(),
  withdrawnAt: maybe(instant),
  withdrawnVia: maybe(z.enum(["profile", "keyword"])),
});

const person = z.strictObject({
  recordId: z.number().int(),
  relationship: z.enum(["self", "child", "partner", "parent", "sibling", "other"]).nullable(),
  removedFromFamilyAt: maybe(instant),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  dateOfBirth: maybe(z.string().describe("YYYY-MM-DD")),
  preferences: z.array(z.strictObject({ name: z.string(), value: z.string().optional() })),
  language: z.string(),
  createdAt: maybe(instant),
  consents: z.strictObject({
    texts: z.strictObject({ current: maybe(textConsent), numberStoppedAt: maybe(instant), history: z.array(textConsent) }),
    recallEmails: z.strictObject({ on: z.boolean(), offSince: maybe(instant), offVia: maybe(z.enum(["email_link", "profile", "account_closed"])) }),
    reminderEmails: z.strictObject({ on: z.boolean(), offSince: maybe(instant) }),
  }),
});

const visit = z.strictObject({
  visitId: z.number().int(),
  recordId: z.number().int().describe("The person (people[].recordId) the visit is for"),
  status: z.enum(["CONFIRMED", "CANCELLED", "COMPLETED", "NO_SHOW"]),
  upcoming: z.boolean(),
  startsAt: local,
  endsAt: local,
  timeZone: z.string().describe("The studio's IANA zone"),
  studio: z.strictObject({ slug: z.string(), name: z.string(), address: z.string(), phone: z.string(), virtual: z.boolean() }),
  service: z.strictObject({ code: z.string(), name: z.string(), category: z.string(), priceCents: maybe(z.number().int()) }),
  provider: z.strictObject({ name: z.string(), role: z.string() }),
  bookedVia: z.enum(["online", "phone", "waitlist"]),
  bookedAt: instant,
  cancelledAt: maybe(instant),
  arrivedAt: maybe(instant),
  seriesPosition: maybe(z.number().int()),
  needsInsurance: z.boolean(),
  bookingDetails: z.record(z.string(), z.unknown()).describe("What was told while booking (insurance carrier, reason…)"),
  lateCancelFeeCents: maybe(z.number().int()),
  fee: maybe(z.strictObject({ amountCents: z.number().int(), currency: z.string(), status: z.enum(["due", "charging", "failed", "paid"]), refundedCents: z.number().int(), paidAt: maybe(instant) })),
  intake: maybe(z.strictObject({ status: z.enum(["IN_PROGRESS", "COMPLETE"]), completedAt: maybe(instant), updatedAt: instant, answers: z.record(z.string(), z.unknown()), planCheck: z.unknown() })),
  cardPhotos: z.array(z.strictObject({ photoId: z.number().int(), side: z.enum(["front", "back"]), mime: z.string(), width: z.number().int(), height: z.number().int(), uploadedAt: instant, file: z.string().describe("The photo's path inside the ZIP") })),
});

export const dataExportSchema = z.strictObject({
  schemaVersion: z.literal(1),
  generatedAt: instant,
  account: z.strictObject({ email: z.string(), name: z.string(), language: z.string(), createdAt: maybe(instant), emailVerifiedAt: maybe(instant), passwordChangedAt: maybe(instant) }),
  people: z.array(person).describe("The account's own record first, then the family members it holds"),
  visits: z.array(visit).describe("Every visit of those people, newest first"),
  textsSent: z.array(z.strictObject({ kind: z.string(), to: z.string(), visitId: maybe(z.number().int()), status: z.string(), delivery: maybe(z.string()), createdAt: maybe(instant), sentAt: maybe(instant) })),
  emailsSent: z.array(z.strictObject({ subject: z.string(), status: z.string(), createdAt: maybe(instant), sentAt: maybe(instant) })),
  healthDataReads: z.array(z.strictObject({ at: maybe(instant), actor: z.enum(["staff", "api"]), staffEmail: maybe(z.string()), staffRole: maybe(z.string()), action: z.string(), visitId: maybe(z.number().int()) })),
});
