import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

export const markets = pgTable("markets", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  timezone: text("timezone").notNull(),
});

export const studios = pgTable("studios", {
  slug: text("slug").primaryKey(),
  marketSlug: text("market_slug").references(() => markets.slug),
  name: text("name").notNull(),
  address: text("address").notNull().default(""),
  phone: text("phone").notNull().default(""),
  /** Opening hours as patients read them ("Mon–Fri 8 AM–5 PM"); the bookable hours are the providers'. */
  openingHours: text("opening_hours").notNull().default(""),
  /** Where the studio is, for the calendar file's GEO; null when not known. */
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
  /** Null means "not known": the timezone rule falls back to America/New_York with a warning. */
  timezone: text("timezone"),
  enabled: boolean("enabled").notNull().default(true),
  locationId: integer("location_id"),
  /** The virtual studio serves virtual consults in every market. */
  isVirtual: boolean("is_virtual").notNull().default(false),
});

export const services = pgTable(
  "services",
  {
    code: text("code").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    category: text("category", { enum: ["preventive", "cosmetic", "ortho", "consult", "emergency"] }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    providerRoles: text("provider_roles").array().notNull(),
    /** Whether the virtual studio may offer it. */
    virtualAllowed: boolean("virtual_allowed").notNull().default(false),
    priceCents: integer("price_cents"),
    /** Recall (issue 20): the next visit of this service is due this many months after a completed one; null: none. */
    recallMonths: smallint("recall_months"),
  },
  (t) => [
    check("services_duration_positive", sql`${t.durationMinutes} > 0`),
    check("services_recall_months", sql`${t.recallMonths} between 1 and 60`),
    // Migration 0012: what the console accepts (decision 023), also for any other writer.
    check("services_price_not_negative", sql`${t.priceCents} >= 0`),
    check("services_duration_sane", sql`${t.durationMinutes} between 5 and 480`),
  ],
);

export const providers = pgTable(
  "providers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    role: text("role", { enum: ["dentist", "hygienist", "orthodontist"] }).notNull(),
    studioSlug: text("studio_slug")
      .notNull()
      .references(() => studios.slug),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("providers_studio_idx").on(t.studioSlug)],
);

/** Weekly hours in the studio's local time: weekday 0 = Sunday, minutes from local midnight. */
export const providerHours = pgTable(
  "provider_hours",
  {
    id: serial("id").primaryKey(),
    providerId: integer("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
  },
  (t) => [
    check("provider_hours_weekday", sql`${t.weekday} between 0 and 6`),
    check("provider_hours_range", sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`),
    // Migration 0012 adds provider_hours_no_overlap: EXCLUDE (provider, weekday, minutes &&), which drizzle cannot declare.
    index("provider_hours_provider_idx").on(t.providerId),
  ],
);

export const providerTimeOff = pgTable(
  "provider_time_off",
  {
    id: serial("id").primaryKey(),
    providerId: integer("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    reason: text("reason").notNull().default(""),
  },
  (t) => [
    check("provider_time_off_range", sql`${t.startsAt} < ${t.endsAt}`),
    check("provider_time_off_reason_length", sql`length(${t.reason}) <= 200`),
    // Availability reads a provider's time off that has not ended yet: bounded by provider and end (decision 018).
    index("provider_time_off_provider_end_idx").on(t.providerId, t.endsAt),
  ],
);

export type Preference = { name: string; value?: string };

/**
 * A series of visits planned at once (issue 39): every N weeks or months at one studio-local wall time, for one
 * patient and service. Each occurrence is an appointments row naming the series and its position ("3 of 8"); a move
 * keeps both, a cancel keeps the row. The rule is kept for the preview of "this and following".
 */
export const visitSeries = pgTable(
  "visit_series",
  {
    id: serial("id").primaryKey(),
    /** The series' own key (128+ bits): its calendar file and the patient's link name it, never the id. */
    token: text("token").notNull().unique(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    studioSlug: text("studio_slug")
      .notNull()
      .references(() => studios.slug),
    serviceType: text("service_type")
      .notNull()
      .references(() => services.code),
    /** The same provider for every visit, or null: any free one of the service's roles. */
    providerId: integer("provider_id").references(() => providers.id),
    every: smallint("every").notNull(),
    unit: text("unit", { enum: ["weeks", "months"] }).notNull(),
    /** The studio-local wall time of every visit, minutes after midnight (9:00 AM stays 9:00 AM across DST). */
    localMinute: smallint("local_minute").notNull(),
    /** How many visits were booked (the ones skipped in the preview are not counted). */
    occurrences: smallint("occurrences").notNull(),
    channel: text("channel", { enum: ["online", "phone", "waitlist"] }).notNull().default("online"),
    bookedByStaffId: integer("booked_by_staff_id").references(() => staff.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("visit_series_every", sql`(${t.unit} = 'weeks' and ${t.every} between 1 and 26) or (${t.unit} = 'months' and ${t.every} between 1 and 12)`),
    check("visit_series_local_minute", sql`${t.localMinute} between 0 and 1439`),
    check("visit_series_occurrences", sql`${t.occurrences} between 1 and 24`),
    index("visit_series_patient_idx").on(t.patientId),
  ],
);

/**
 * A patient's account (issue 9, decision 010): the spec's Person. The email is stored lower-cased and is
 * verified before the account exists; the password only as an argon2id hash.
 */
export const persons = pgTable("persons", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull().default(""),
  passwordHash: text("password_hash").notNull(),
  emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }).notNull(),
  /** Spec §3 Person.last_mobile_app_login: a login inside the app's web view (stale after 60 days, §5). */
  lastMobileAppLogin: timestamp("last_mobile_app_login", { withTimezone: true }),
  passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
  /** The patient's personal referral code (invite a friend), made the first time they look for it. */
  referralCode: text("referral_code").unique(),
  /** The language of the emails about this row (decision 027): the request's when it was made. */
  locale: text("locale").notNull().default("en-US"),
  /** Closed by the patient (issue 41, decision 078): no login (the email is freed, the hash emptied), kept for its family rows. */
  closedAt: timestamp("closed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const patients = pgTable(
  "patients",
  {
  id: serial("id").primaryKey(),
  /** Stored lower-cased: one patient per email address. */
  /** Stored lower-cased: one patient per email address, among the rows that are not family members (0013). */
  email: text("email").notNull(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  phone: text("phone").notNull().default(""),
  dateOfBirth: date("date_of_birth"),
  type: text("type").notNull().default("NEW"),
  preferences: jsonb("preferences").$type<Preference[]>().notNull().default([]),
  /** An active scaling-and-root-planing treatment plan: cleanings must be booked by the studio. */
  hasSrpTxPlan: boolean("has_srp_tx_plan").notNull().default(false),
  /** The account that verified this email address: its visits are the account's (issue 9). */
  personId: integer("person_id").references(() => persons.id, { onDelete: "set null" }),
  /** Set by the unsubscribe link of a recall email: no more recall emails to this patient row (issue 20). */
  recallOptedOutAt: timestamp("recall_opted_out_at", { withTimezone: true }),
  /** How (0029, decision 079): the email's link, the consents page, or closing the account; null before 0029. */
  recallOptedOutVia: text("recall_opted_out_via", { enum: ["email_link", "profile", "account_closed"] }),
  /** Set on the consents page (issue 41 C, migration 0035): the visits' reminder emails are skipped; null: on. */
  reminderEmailsOffAt: timestamp("reminder_emails_off_at", { withTimezone: true }),
  /**
   * A family member of this account (issue 20 A, decision 024): the holder books and manages their visits. Such a
   * row carries the holder's email (emails about the member reach the holder) and is never an account's own
   * record (person_id null).
   */
  familyOfPersonId: integer("family_of_person_id").references(() => persons.id),
  relationship: text("relationship", { enum: ["child", "partner", "parent", "sibling", "other"] }),
  /** Removed from the family list: no new bookings; their visits stay, shown to the holder as removed. */
  removedAt: timestamp("removed_at", { withTimezone: true }),
  /** The language of the emails about this row (decision 027): the request's when it was made. */
  locale: text("locale").notNull().default("en-US"),
  /**
   * The account closed (issue 41, decision 078): no email, no consents; the record and its past visits kept for
   * RECORD_RETENTION_YEARS after the last visit, readable by staff only, then removed by the retention job.
   */
  closedAt: timestamp("closed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("patients_closed_idx").on(t.closedAt).where(sql`closed_at is not null`),
    // An account's records (/profile, the visits of an account): by person, never a scan of every patient.
    index("patients_person_idx").on(t.personId),
    // '' is a caller booked by the desk without an email (issue 38 B): only real addresses are unique (0023).
    uniqueIndex("patients_email_unique").on(t.email).where(sql`family_of_person_id is null and email <> ''`),
    // The desk's search (0023, with text_pattern_ops and the phone's digits, which drizzle cannot declare):
    // patients_phone_digits_idx, patients_name_dob_idx, patients_first_name_idx, patients_email_prefix_idx.
    index("patients_dob_idx").on(t.dateOfBirth),
    index("patients_family_idx").on(t.familyOfPersonId).where(sql`family_of_person_id is not null`),
    check(
      "patients_family_shape",
      sql`(family_of_person_id is null and relationship is null and removed_at is null) or (family_of_person_id is not null and person_id is null and relationship is not null and relationship in ('child', 'partner', 'parent', 'sibling', 'other'))`,
    ),
  ],
);

export const appointments = pgTable(
  "appointments",
  {
    id: serial("id").primaryKey(),
    token: text("token").notNull().unique(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    studioSlug: text("studio_slug")
      .notNull()
      .references(() => studios.slug),
    providerId: integer("provider_id")
      .notNull()
      .references(() => providers.id),
    serviceType: text("service_type")
      .notNull()
      .references(() => services.code),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["CONFIRMED", "CANCELLED", "COMPLETED", "NO_SHOW"] })
      .notNull()
      .default("CONFIRMED"),
    needsInsurance: boolean("needs_insurance").notNull().default(false),
    /** What the patient told us while booking (carrier, symptoms, quiz answers…), no card data. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    /** The calendar event's SEQUENCE (RFC 5545): raised by every reschedule and the cancel, same UID. */
    sequence: integer("sequence").notNull().default(0),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** A cancel inside the 24-hour window with a card on file: the fee to charge to it (decision 012). */
    lateCancelFeeCents: integer("late_cancel_fee_cents"),
    /** Checked in at the front desk (the console, decision 020). */
    arrivedAt: timestamp("arrived_at", { withTimezone: true }),
    /** The language of the emails about this row (decision 027): the request's when it was made. */
    locale: text("locale").notNull().default("en-US"),
    /** How it was booked (issue 38 E): the patient online, the desk on the phone, or a waitlist claim. */
    channel: text("channel", { enum: ["online", "phone", "waitlist"] }).notNull().default("online"),
    /** The staff member who booked it in the console (null: the patient did). */
    bookedByStaffId: integer("booked_by_staff_id").references(() => staff.id),
    /**
     * A manager's squeeze-in (issue 38 D): why this visit may overlap the provider's others or the studio's hours.
     * Such a row is outside `appointments_no_provider_overlap` (0023): the one overlap somebody chose.
     */
    squeezeReason: text("squeeze_reason"),
    /** The series this visit belongs to (issue 39) and its place in it, 1-based; both null for a single visit. */
    seriesId: integer("series_id").references(() => visitSeries.id),
    seriesPosition: smallint("series_position"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("appointments_series_position", sql`(${t.seriesId} is null and ${t.seriesPosition} is null) or (${t.seriesId} is not null and ${t.seriesPosition} between 1 and 24)`),
    // One visit per place in a series: a move keeps its row (and its place), a cancel too.
    uniqueIndex("appointments_series_place").on(t.seriesId, t.seriesPosition),
    check("appointments_channel", sql`${t.channel} in ('online', 'phone', 'waitlist')`),
    check("appointments_squeeze_by_staff", sql`${t.squeezeReason} is null or (${t.bookedByStaffId} is not null and length(${t.squeezeReason}) between 1 and 300)`),
    check("appointments_range", sql`${t.startsAt} < ${t.endsAt}`),
    // No visit is longer than a day, so "busy in [from, to)" reads starts_at from `from - 1 day` only, on the
    // provider's index, not the provider's whole history (decision 018; MAX_VISIT_MS in scheduling/slots).
    check("appointments_length_bounded", sql`${t.endsAt} - ${t.startsAt} <= interval '1 day'`),
    index("appointments_studio_start_idx").on(t.studioSlug, t.startsAt),
    // INCLUDE (ends_at, status) in migration 0008: availability reads it index-only (drizzle cannot declare INCLUDE).
    index("appointments_provider_start_idx").on(t.providerId, t.startsAt),
    // A patient's visits (/profile, the patient overlap check of a booking): by patient.
    index("appointments_patient_start_idx").on(t.patientId, t.startsAt),
    // The recall planner reads a recall service's visits of a window of days (issue 20).
    index("appointments_service_start_idx").on(t.serviceType, t.startsAt),
  ],
);

/**
 * Recall emails (issue 20): "your next checkup is due" four weeks ahead (due_soon) and once more on the due date
 * (due), one row per patient, service, due date and kind so each is sent once across processes. The sender
 * claims pending rows with FOR UPDATE SKIP LOCKED; the unsubscribe link's token is stored hashed on the row.
 */
export const recallNotices = pgTable(
  "recall_notices",
  {
    id: serial("id").primaryKey(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    serviceCode: text("service_code")
      .notNull()
      .references(() => services.code),
    /** The completed visit the recall counts from. */
    visitId: integer("visit_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    dueOn: date("due_on").notNull(),
    kind: text("kind", { enum: ["due_soon", "due"] }).notNull(),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Why it was not sent (booked, unsubscribed, late: a "due soon" past its day, one_a_day: the patient had one that day). */
    skipped: text("skipped"),
    unsubscribeTokenHash: text("unsubscribe_token_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("recall_notices_once").on(t.patientId, t.serviceCode, t.dueOn, t.kind),
    unique("recall_notices_token").on(t.unsubscribeTokenHash),
    check("recall_notices_kind", sql`${t.kind} in ('due_soon', 'due')`),
    check("recall_notices_sent_or_skipped", sql`${t.sentAt} is null or ${t.skipped} is null`),
    index("recall_notices_pending_idx").on(t.sendAt).where(sql`${t.sentAt} is null and ${t.skipped} is null`),
  ],
);

/**
 * A time a patient chose, held for them for SLOT_HOLD_MINUTES while they finish booking (issue 19 A, decision 021):
 * one row per booking (the id in the encrypted booking cookie), on one provider. A row past `expiresAt` holds nothing
 * (every query ignores it; the sweeper deletes it). Not a visit: no visit list reads this table.
 * The exclusion constraint `slot_holds_no_provider_overlap` (migration 0010; drizzle cannot declare it) keeps two
 * holds off one provider's time; the appointments' own constraints still refuse any double booking.
 */
export const slotHolds = pgTable(
  "slot_holds",
  {
    id: serial("id").primaryKey(),
    bookingId: text("booking_id").notNull().unique(),
    studioSlug: text("studio_slug")
      .notNull()
      .references(() => studios.slug),
    serviceType: text("service_type")
      .notNull()
      .references(() => services.code),
    providerId: integer("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** "waitlist": placed by claiming a waitlist offer, so the booking that consumes it is the waitlist's (migration 0033). */
    via: text("via").$type<"waitlist">(),
  },
  (t) => [
    check("slot_holds_via", sql`${t.via} is null or ${t.via} = 'waitlist'`),
    check("slot_holds_range", sql`${t.startsAt} < ${t.endsAt} and ${t.endsAt} - ${t.startsAt} <= interval '1 day'`),
    check("slot_holds_booking_id_shape", sql`${t.bookingId} ~ '^[A-Za-z0-9_-]{32}$'`),
    // INCLUDE (ends_at, expires_at, booking_id) in migration 0010: availability reads it index-only.
    index("slot_holds_provider_start_idx").on(t.providerId, t.startsAt),
    index("slot_holds_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Reminder emails due before a visit (7 days, 2 days, 2 hours), one row per visit time and kind so each
 * is sent once; a reschedule adds rows for the new time, a cancel leaves the old ones unsent.
 */
export const appointmentReminders = pgTable(
  "appointment_reminders",
  {
    id: serial("id").primaryKey(),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["7d", "2d", "2h"] }).notNull(),
    /** The visit time this reminder is for: a reminder for a time the visit no longer has is never sent. */
    visitStartsAt: timestamp("visit_starts_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Why it was not sent (cancelled, rescheduled, superseded by a nearer reminder, visit passed). */
    skipped: text("skipped"),
  },
  (t) => [
    unique("appointment_reminders_once").on(t.appointmentId, t.kind, t.visitStartsAt),
    check("appointment_reminders_kind", sql`${t.kind} in ('7d', '2d', '2h')`),
    index("appointment_reminders_due_idx").on(t.dueAt).where(sql`${t.sentAt} is null and ${t.skipped} is null`),
  ],
);

/**
 * The waitlist (issue 19 B, decision 022): a patient who found no time that suits asks to be told when one frees up
 * at a studio, for a service, between two days (studio-local), in some parts of the day. One live entry per email,
 * studio and service; leaving, booking or its last day passing ends it (kept as a record). The leave link's token
 * is stored only as its SHA-256.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased, like patients.email. */
    email: text("email").notNull(),
    /** The account that joined (shown on its /profile); null for a guest. */
    personId: integer("person_id").references(() => persons.id, { onDelete: "set null" }),
    studioSlug: text("studio_slug")
      .notNull()
      .references(() => studios.slug),
    serviceCode: text("service_code")
      .notNull()
      .references(() => services.code),
    firstDay: date("first_day").notNull(),
    lastDay: date("last_day").notNull(),
    /** Parts of the day (rules/day-parts): morning, afternoon, evening. */
    parts: text("parts").array().notNull(),
    leaveTokenHash: text("leave_token_hash").notNull().unique(),
    /** The language of the emails about this row (decision 027): the request's when it was made. */
    locale: text("locale").notNull().default("en-US"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp("left_at", { withTimezone: true }),
    leftReason: text("left_reason", { enum: ["left", "booked", "expired"] }),
  },
  (t) => [
    check("waitlist_entries_days", sql`${t.firstDay} <= ${t.lastDay}`),
    check("waitlist_entries_parts", sql`cardinality(${t.parts}) between 1 and 3 and ${t.parts} <@ array['morning', 'afternoon', 'evening']::text[]`),
    check("waitlist_entries_left", sql`(${t.leftAt} is null) = (${t.leftReason} is null) and (${t.leftReason} is null or ${t.leftReason} in ('left', 'booked', 'expired'))`),
    uniqueIndex("waitlist_entries_active_once").on(t.email, t.studioSlug, t.serviceCode).where(sql`${t.leftAt} is null`),
    // The sender's "oldest matching entries first" and the times freed at a studio: live entries only.
    index("waitlist_entries_match_idx").on(t.studioSlug, t.serviceCode, t.createdAt, t.id).where(sql`${t.leftAt} is null`),
    index("waitlist_entries_person_idx").on(t.personId).where(sql`${t.leftAt} is null`),
  ],
);

/**
 * "Time may have freed up at this studio between from and to": written by the transaction that frees it (a cancel,
 * a move's old time, a claim whose hold lapsed at `due_at`, a hold the sweeper found lapsed). The waitlist sender takes due rows with FOR UPDATE SKIP
 * LOCKED, turns them into openings and deletes them; with none due, its run is one indexed read.
 */
export const waitlistSignals = pgTable(
  "waitlist_signals",
  {
    id: serial("id").primaryKey(),
    studioSlug: text("studio_slug")
      .notNull()
      .references(() => studios.slug),
    fromAt: timestamp("from_at", { withTimezone: true }).notNull(),
    toAt: timestamp("to_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    reason: text("reason", { enum: ["cancel", "move", "claim_lapsed", "hold_lapsed", "hours"] }).notNull(),
  },
  (t) => [
    check("waitlist_signals_range", sql`${t.fromAt} < ${t.toAt}`),
    check("waitlist_signals_reason", sql`${t.reason} in ('cancel', 'move', 'claim_lapsed', 'hold_lapsed', 'hours')`),
    index("waitlist_signals_due_idx").on(t.dueAt),
  ],
);

/** A freed time offered to the waitlist, batch by batch, until someone claims it, it is taken, or nobody is left. */
export const waitlistOpenings = pgTable(
  "waitlist_openings",
  {
    id: serial("id").primaryKey(),
    studioSlug: text("studio_slug")
      .notNull()
      .references(() => studios.slug),
    serviceCode: text("service_code")
      .notNull()
      .references(() => services.code),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the next batch of offers goes out; null once closed. */
    nextBatchAt: timestamp("next_batch_at", { withTimezone: true }),
    batches: integer("batches").notNull().default(0),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedReason: text("closed_reason", { enum: ["claimed", "taken", "nobody"] }),
  },
  (t) => [
    check("waitlist_openings_range", sql`${t.startsAt} < ${t.endsAt}`),
    check("waitlist_openings_closed", sql`(${t.closedAt} is null) = (${t.closedReason} is null) and (${t.closedReason} is null or ${t.closedReason} in ('claimed', 'taken', 'nobody'))`),
    uniqueIndex("waitlist_openings_open_once").on(t.studioSlug, t.serviceCode, t.startsAt).where(sql`${t.closedAt} is null`),
    index("waitlist_openings_due_idx").on(t.nextBatchAt).where(sql`${t.closedAt} is null`),
  ],
);

/** One email offering one opening to one entry, once; its claim link's 192-bit token stored as SHA-256 only. */
export const waitlistOffers = pgTable(
  "waitlist_offers",
  {
    id: serial("id").primaryKey(),
    openingId: integer("opening_id")
      .notNull()
      .references(() => waitlistOpenings.id, { onDelete: "cascade" }),
    entryId: integer("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [unique("waitlist_offers_once").on(t.openingId, t.entryId), index("waitlist_offers_entry_idx").on(t.entryId)],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  ics: text("ics"),
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on recall emails, RFC 8058). */
  headers: jsonb("headers").$type<Record<string, string>>(),
  status: text("status", { enum: ["PENDING", "SENT", "FAILED"] }).notNull().default("PENDING"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** When it was sent; while PENDING, when a worker claimed it (others leave it alone meanwhile: email.server.ts). */
  sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  // The sender reads what is pending, oldest first: the sent history (every email ever) stays out of its way.
  (t) => [index("email_outbox_pending_idx").on(t.id).where(sql`${t.status} = 'PENDING'`)],
);

/** Raw bytes (PostgreSQL bytea); PGlite and node-postgres both hand back a Buffer/Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * A visit's intake (issue 7, decision 006): the flow's answers as one JSON document, saved per step so the
 * patient can stop and come back; the plan check's outcome; COMPLETE once the patient confirmed the answers.
 */
export const intakes = pgTable(
  "intakes",
  {
    appointmentId: integer("appointment_id")
      .primaryKey()
      .references(() => appointments.id, { onDelete: "cascade" }),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: ["IN_PROGRESS", "COMPLETE"] }).notNull().default("IN_PROGRESS"),
    /** The practice's own plan rules (not an eligibility verification): {outcome, checkedBy, at}. */
    planCheck: jsonb("plan_check").$type<{ outcome: "accepted" | "not_accepted" | "unavailable"; checkedBy: string; at: string }>(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("intakes_status", sql`${t.status} in ('IN_PROGRESS', 'COMPLETE')`)],
);

/** Insurance card photos, re-encoded without metadata, in the database so every container sees them. */
export const intakeCardPhotos = pgTable(
  "intake_card_photos",
  {
    id: serial("id").primaryKey(),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    side: text("side", { enum: ["front", "back"] }).notNull(),
    mime: text("mime").notNull(),
    bytes: bytea("bytes").notNull(),
    thumbnail: bytea("thumbnail").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("intake_card_photos_side").on(t.appointmentId, t.side), check("intake_card_photos_side_value", sql`${t.side} in ('front', 'back')`)],
);

/** Who read or changed a visit's intake, when and how — never the values (HIPAA audit controls). */
export const intakeAudit = pgTable(
  "intake_audit",
  {
    id: serial("id").primaryKey(),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** "staff": a console read (who exactly is in audit_log, decision 020). */
    via: text("via", { enum: ["token", "account", "staff"] }).notNull(),
    action: text("action", { enum: ["view", "save", "upload_photo", "view_photo", "complete"] }).notNull(),
    step: text("step"),
  },
  (t) => [index("intake_audit_appointment_idx").on(t.appointmentId, t.at)],
);

/**
 * Logged-in sessions (decision 010): the id in the idToken cookie is a 256-bit secret; only its SHA-256 is
 * stored. Every request reads the row, so ending it (logout, a password reset) takes effect at once.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    personId: integer("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent").notNull().default(""),
    inWebView: boolean("in_web_view").notNull().default(false),
  },
  (t) => [index("auth_sessions_person_idx").on(t.personId)],
);

/**
 * One-time codes and links by email: sign-up verification, password reset, email change. Stored as keyed
 * hashes; one live code per purpose and address (a new one replaces the old), 10 minutes, 5 tries.
 */
export const authCodes = pgTable(
  "auth_codes",
  {
    id: serial("id").primaryKey(),
    purpose: text("purpose", { enum: ["signup", "reset", "change_email", "data_export"] }).notNull(),
    /** Where the code was sent (for a change of email: the new address). */
    email: text("email").notNull(),
    personId: integer("person_id").references(() => persons.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    linkHash: text("link_hash").notNull().unique(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("auth_codes_purpose_email").on(t.purpose, t.email),
    check("auth_codes_purpose", sql`${t.purpose} in ('signup', 'reset', 'change_email', 'data_export')`),
  ],
);

/**
 * "A copy of my data" (issue 41 A, decision 080): one row per confirmed request — the download link's token only as
 * its SHA-256, 15 minutes, used once (`used_at` set by the download that wins); how it was confirmed.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: serial("id").primaryKey(),
    personId: integer("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    confirmedVia: text("confirmed_via", { enum: ["password", "code"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("data_exports_confirmed_via", sql`${t.confirmedVia} in ('password', 'code')`), index("data_exports_person_idx").on(t.personId, t.createdAt)],
);

/** rate-limiter-flexible's RateLimiterPostgres table (its own layout), shared by every container. */
export const authRateLimits = pgTable("auth_rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/**
 * The studio console's people (issue 18, decision 020): not patients — their own table, sessions and cookie.
 * A password (argon2id, the patient side's rules) and a TOTP second factor, both set from a one-time link.
 */
export const staff = pgTable(
  "staff",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    role: text("role", { enum: ["front_desk", "manager", "admin"] }).notNull(),
    passwordHash: text("password_hash"),
    /** Base32 TOTP secret (RFC 6238); null until set up. */
    totpSecret: text("totp_secret"),
    /** The last time step a code was accepted for: a code is used once (RFC 6238 §5.2). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** SHA-256 of the one-time setup link's token, and when it stops working (24 hours). */
    setupTokenHash: text("setup_token_hash").unique(),
    setupExpiresAt: timestamp("setup_expires_at", { withTimezone: true }),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("staff_role", sql`${t.role} in ('front_desk', 'manager', 'admin')`)],
);

/** The studios a front desk or manager works at (admins see every studio). */
export const staffStudios = pgTable(
  "staff_studios",
  {
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    studioSlug: text("studio_slug")
      .notNull()
      .references(() => studios.slug),
  },
  (t) => [unique("staff_studios_once").on(t.staffId, t.studioSlug)],
);

/** One-time recovery codes for a lost authenticator, hashed (SHA-256 of 50 random bits each). */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("staff_recovery_codes_staff_idx").on(t.staffId)],
);

/** Staff sessions: `password` after the first step (minutes), `complete` after the second factor. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: ["password", "complete"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId), check("staff_sessions_stage", sql`${t.stage} in ('password', 'complete')`)],
);

/**
 * The audit log: staff sign-ins, reads of health data, every change (who, when, what, before/after). Append-only:
 * a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0009), whoever asks. No foreign keys, so no cascade
 * can ever try to remove a line.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** "staff" (staffId set), "patient" (their own cancel or move), "system", or "api" (an API key's read, decision 033). */
    actor: text("actor", { enum: ["staff", "patient", "system", "api"] }).notNull(),
    staffId: integer("staff_id"),
    staffEmail: text("staff_email"),
    action: text("action").notNull(),
    studioSlug: text("studio_slug"),
    appointmentId: integer("appointment_id"),
    note: text("note"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_appointment_idx").on(t.appointmentId), index("audit_log_staff_idx").on(t.staffId, t.at)],
);

/** A studio closed for a day (a snow day, a training day), beside the federal holidays. */
export const studioClosures = pgTable(
  "studio_closures",
  {
    id: serial("id").primaryKey(),
    studioSlug: text("studio_slug")
      .notNull()
      .references(() => studios.slug),
    day: date("day").notNull(),
    reason: text("reason").notNull().default(""),
  },
  (t) => [unique("studio_closures_once").on(t.studioSlug, t.day), check("studio_closures_reason_length", sql`length(${t.reason}) <= 200`)],
);

/** Bumped by every change of availability (hours, time off, closures, services): every process's caches key on it. */
export const catalogueRevision = pgTable("catalogue_revision", {
  id: smallint("id").primaryKey(),
  revision: bigint("revision", { mode: "number" }).notNull(),
});

// ---- Recall: one email a day (issue 33 C, migration 0016) ----

/**
 * The days a patient row was sent a recall email (the studio's calendar day): the primary key lets one a day
 * through, whichever container's sender gets there first; the other notice waits for the next day.
 */
export const recallEmailDays = pgTable(
  "recall_email_days",
  {
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    sentOn: date("sent_on").notNull(),
    noticeId: integer("notice_id")
      .notNull()
      .references(() => recallNotices.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ name: "recall_email_days_pk", columns: [t.patientId, t.sentOn] })],
);

// ---------------------------------------------------------------------------------------------------------------
// Issue 30 A (decision 031): the record of what happened to each visit, and where each consumer has read it to.

export const VISIT_EVENT_TYPES = ["visit.booked", "visit.moved", "visit.cancelled", "visit.arrived", "visit.completed", "visit.no_show", "time.freed"] as const;
export type VisitEventType = (typeof VISIT_EVENT_TYPES)[number];

/**
 * One row per change of a visit, written in the change's transaction; never updated (a trigger refuses it), removed
 * only with its visit. `seq` orders a visit's events; `time.freed` rows (a lapsed hold, staff availability) have no
 * visit. The `freed_*` columns say which time a change freed (a cancel, a move's old time, a lapsed hold).
 */
export const visitEvents = pgTable("visit_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  txId: bigint("tx_id", { mode: "number" })
    .notNull()
    .default(sql`(pg_current_xact_id()::text::bigint)`),
  visitId: integer("visit_id").references(() => appointments.id, { onDelete: "cascade" }),
  seq: integer("seq"),
  type: text("type").$type<VisitEventType>().notNull(),
  studioSlug: text("studio_slug").notNull(),
  serviceCode: text("service_code"),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  status: text("status"),
  previousStartsAt: timestamp("previous_starts_at", { withTimezone: true }),
  cancelledBy: text("cancelled_by").$type<"patient" | "staff" | "account_closed">(),
  freedFrom: timestamp("freed_from", { withTimezone: true }),
  freedTo: timestamp("freed_to", { withTimezone: true }),
  freedReason: text("freed_reason"),
  /** A booked visit's channel (issue 38 E): online, phone or waitlist. */
  channel: text("channel").$type<"online" | "phone" | "waitlist">(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

/** Each consumer's position in the record, in commit order (tx_id, id). */
export const visitEventCursors = pgTable("visit_event_cursors", {
  consumer: text("consumer").primaryKey(),
  txId: bigint("tx_id", { mode: "number" }).notNull().default(0),
  eventId: bigint("event_id", { mode: "number" }).notNull().default(0),
});

/** Issue 30 B (decision 032): an endpoint an admin added, with its signing secret(s). */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: serial("id").primaryKey(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  eventTypes: text("event_types").array().notNull(),
  studios: text("studios").array().notNull(),
  secret: text("secret").notNull(),
  previousSecret: text("previous_secret"),
  previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  disabledReason: text("disabled_reason").$type<"admin" | "failing">(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One event's message to one endpoint: one id and body for every try. */
export const webhookDeliveries = pgTable("webhook_deliveries", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  endpointId: integer("endpoint_id")
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
  eventId: bigint("event_id", { mode: "number" })
    .notNull()
    .references(() => visitEvents.id, { onDelete: "cascade" }),
  visitId: integer("visit_id").notNull(),
  messageId: text("message_id").notNull().unique(),
  type: text("type").notNull(),
  payload: text("payload").notNull(),
  status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
  lastStatusCode: integer("last_status_code"),
  lastError: text("last_error"),
  deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------------
// Payments (issue 32, decision 035, migration 0019). Never a card number, CVC or full expiry beyond month/year.

/** An account's Stripe Customer: its saved cards hang off it, so a returning account holder can reuse one. */
export const paymentCustomers = pgTable("payment_customers", {
  personId: integer("person_id")
    .primaryKey()
    .references(() => persons.id, { onDelete: "cascade" }),
  customerRef: text("customer_ref").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A card an account saved on the processor's page: its PaymentMethod id and what the patient recognises it by. */
export const savedCards = pgTable(
  "saved_cards",
  {
    id: serial("id").primaryKey(),
    personId: integer("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    customerRef: text("customer_ref").notNull(),
    paymentMethodRef: text("payment_method_ref").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("saved_cards_once").on(t.personId, t.paymentMethodRef),
    check("saved_cards_shape", sql`${t.last4} ~ '^[0-9]{4}$' AND ${t.expMonth} BETWEEN 1 AND 12 AND ${t.expYear} BETWEEN 2000 AND 2100`),
  ],
);

/**
 * The booking's trip to Stripe's page for its card (decision 060, migration 0021), by the booking id of the encrypted
 * cookie: the Customer, the Checkout Session the return may read, the PaymentMethod once back. `personId`: the
 * account it was made for (null: a guest).
 */
export const cardSetups = pgTable(
  "card_setups",
  {
    bookingId: text("booking_id").primaryKey(),
    personId: integer("person_id").references(() => persons.id, { onDelete: "cascade" }),
    customerRef: text("customer_ref").notNull(),
    sessionRef: text("session_ref"),
    paymentMethodRef: text("payment_method_ref"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("card_setups_updated_idx").on(t.updatedAt), check("card_setups_booking_id_shape", sql`${t.bookingId} ~ '^[A-Za-z0-9_-]{32}$'`)],
);

/**
 * A visit's late-cancel fee: recorded `due` in the cancel's transaction, claimed by the fee charger (`charging`,
 * FOR UPDATE SKIP LOCKED), `paid` on Stripe's payment_intent.succeeded (the local provider: at once), `failed`
 * (still owed; the patient got a link to pay it on Stripe's page) on a decline or a card needing authentication.
 */
export const visitFees = pgTable(
  "visit_fees",
  {
    id: serial("id").primaryKey(),
    appointmentId: integer("appointment_id")
      .notNull()
      .unique()
      .references(() => appointments.id),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: ["due", "charging", "failed", "paid"] }).notNull().default("due"),
    provider: text("provider", { enum: ["local", "stripe"] }).notNull(),
    customerRef: text("customer_ref"),
    paymentMethodRef: text("payment_method_ref").notNull(),
    /**
     * The charge's idempotency key, made once with the fee (random, so two databases on one Stripe account never
     * share one): every attempt, by any process, sends it, and Stripe answers all with the first PaymentIntent.
     */
    chargeKey: text("charge_key").notNull().unique(),
    /** The PaymentIntent that took (or tried to take) the money. */
    paymentRef: text("payment_ref").unique(),
    /** The last failure as the patient's outcome: insufficent_funds, card_declined, authentication_required. */
    failureCode: text("failure_code"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** The emailed pay link's token, hashed (sha-256). */
    payTokenHash: text("pay_token_hash").unique(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("visit_fees_to_charge_idx").on(t.nextAttemptAt).where(sql`${t.status} IN ('due', 'charging')`),
    check("visit_fees_amount", sql`${t.amountCents} > 0 AND ${t.currency} = 'usd'`),
    check("visit_fees_status", sql`${t.status} IN ('due', 'charging', 'failed', 'paid')`),
    check("visit_fees_provider", sql`${t.provider} IN ('local', 'stripe')`),
    check("visit_fees_refunded", sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.amountCents}`),
    check("visit_fees_paid_shape", sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL)`),
  ],
);

/**
 * A fee's Checkout Session for its pay page (decision 072, migration 0023): one open per fee (the partial unique
 * index), reused by every tab and process until it closes (completed, expired, or near its `expires_at`).
 */
export const feeCheckouts = pgTable(
  "fee_checkouts",
  {
    id: serial("id").primaryKey(),
    feeId: integer("fee_id")
      .notNull()
      .references(() => visitFees.id),
    /** Sent to Stripe with the session's parameters: two requests at once get one session. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    sessionRef: text("session_ref").unique(),
    url: text("url"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("fee_checkouts_one_open").on(t.feeId).where(sql`${t.closedAt} IS NULL`)],
);

/** A second payment of a fee already paid: refunded automatically, once per PaymentIntent (decision 072). */
export const feeExtraPayments = pgTable(
  "fee_extra_payments",
  {
    paymentRef: text("payment_ref").primaryKey(),
    feeId: integer("fee_id")
      .notNull()
      .references(() => visitFees.id),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["pending", "refunded"] }).notNull().default("pending"),
    refundRef: text("refund_ref").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("fee_extra_payments_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check("fee_extra_payments_amount", sql`${t.amountCents} > 0`),
    check("fee_extra_payments_status", sql`${t.status} IN ('pending', 'refunded')`),
  ],
);

/** A manager's refund of a fee (full or partial, with a reason): `pending` until the processor answers. */
export const feeRefunds = pgTable(
  "fee_refunds",
  {
    id: serial("id").primaryKey(),
    feeId: integer("fee_id")
      .notNull()
      .references(() => visitFees.id),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    staffId: integer("staff_id").notNull(),
    status: text("status", { enum: ["pending", "done", "failed"] }).notNull().default("pending"),
    refundRef: text("refund_ref").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("fee_refunds_fee_idx").on(t.feeId),
    check("fee_refunds_amount", sql`${t.amountCents} > 0`),
    check("fee_refunds_reason", sql`length(${t.reason}) BETWEEN 1 AND 500`),
    check("fee_refunds_status", sql`${t.status} IN ('pending', 'done', 'failed')`),
  ],
);

/** Stripe's events, each handled once across processes: inserted in the transaction that applies it. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/* API keys (issue 30 C, decision 033) */

/**
 * An integration's key for the read API: shown once, stored as its SHA-256 (the key is 256 random bits, so a fast
 * hash is enough and lets each request find its row by an indexed equality), scoped to studios, revocable.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** The key's first characters, shown in the console so an admin can tell keys apart; not a secret. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    studios: text("studios").array().notNull(),
    createdByStaffId: integer("created_by_staff_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Written at most once a minute per key (not on every read). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    check("api_keys_name_length", sql`length(${t.name}) between 1 and 80`),
    check("api_keys_has_studios", sql`cardinality(${t.studios}) between 1 and 200`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Texts (issue 31, decision 036): consent, the SMS outbox, replies. Migration 0020.
// ---------------------------------------------------------------------------------------------------------------

/**
 * A patient row's consent to texts (US carriers' rules): the number (E.164), when, which wording they saw, how
 * (booking, profile, or START by text). Withdrawn (one click on /profile, or STOP) is kept as a record; a new consent
 * is a new row. One live consent per patient row.
 */
export const smsConsents = pgTable(
  "sms_consents",
  {
    id: serial("id").primaryKey(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
    wordingVersion: text("wording_version").notNull(),
    givenVia: text("given_via", { enum: ["booking", "profile", "keyword", "desk"] }).notNull(),
    /** The staff member who ticked "the caller agreed to texts" on the phone (given_via 'desk', issue 38 C). */
    givenByStaffId: integer("given_by_staff_id").references(() => staff.id),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawnVia: text("withdrawn_via", { enum: ["profile", "keyword"] }),
  },
  (t) => [
    check("sms_consents_phone_e164", sql`${t.phone} ~ '^\\+1[0-9]{10}$'`),
    check("sms_consents_given_via", sql`${t.givenVia} in ('booking', 'profile', 'keyword', 'desk')`),
    check("sms_consents_withdrawn", sql`(${t.withdrawnAt} is null) = (${t.withdrawnVia} is null) and (${t.withdrawnVia} is null or ${t.withdrawnVia} in ('profile', 'keyword'))`),
    uniqueIndex("sms_consents_live_once").on(t.patientId).where(sql`${t.withdrawnAt} is null`),
    index("sms_consents_phone_idx").on(t.phone),
  ],
);

/** What a number said or the provider said about it: STOP (until START), or refused for good (invalid, landline…). */
export const smsNumbers = pgTable("sms_numbers", {
  phone: text("phone").primaryKey(),
  stoppedAt: timestamp("stopped_at", { withTimezone: true }),
  rejectedAt: timestamp("rejected_at", { withTimezone: true }),
  /** The provider's error code (Twilio 21211 invalid, 21610 unsubscribed, 21614 not a mobile…). */
  rejectedCode: integer("rejected_code"),
});

/**
 * Every text, once (the email outbox's pattern, issue 31): `dedupe_key` names its purpose — a visit's text is
 * `visit:<id>:<kind>:<start>` (the visit's start at the time: a move makes a new one, the old one is skipped), an
 * answer `in:<inbound id>:<kind>`, a waitlist offer `offer:<offer id>`, a staff answer `staff:<nonce>` — so however many
 * processes queue it, one row exists. Senders claim due rows FOR UPDATE SKIP LOCKED. Bodies never go to logs.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: serial("id").primaryKey(),
    dedupeKey: text("dedupe_key").notNull(),
    kind: text("kind").notNull(),
    appointmentId: integer("appointment_id").references(() => appointments.id, { onDelete: "cascade" }),
    /** The visit's start this text is about: not sent once the visit has another start, is cancelled or has begun. */
    visitStartsAt: timestamp("visit_starts_at", { withTimezone: true }),
    studioSlug: text("studio_slug").references(() => studios.slug),
    to: text("to").notNull(),
    body: text("body").notNull(),
    /** The zone whose night (9 PM–8 AM) it waits out; null for an answer to the patient's own text. */
    quietZone: text("quiet_zone"),
    /** Counted in the per-number daily cap (what we start; not answers to a patient's text, nor staff's). */
    capped: boolean("capped").notNull().default(true),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["PENDING", "SENT", "SKIPPED", "FAILED"] }).notNull().default("PENDING"),
    skipped: text("skipped"),
    attempts: integer("attempts").notNull().default(0),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    providerSid: text("provider_sid"),
    /** The provider's delivery status (queued, sent, delivered, undelivered, failed), from its status callback. */
    delivery: text("delivery"),
    errorCode: integer("error_code"),
    staffId: integer("staff_id").references(() => staff.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    unique("sms_outbox_once").on(t.dedupeKey),
    unique("sms_outbox_provider_sid").on(t.providerSid),
    check("sms_outbox_to_e164", sql`${t.to} ~ '^\\+1[0-9]{10}$'`),
    check("sms_outbox_status", sql`${t.status} in ('PENDING', 'SENT', 'SKIPPED', 'FAILED')`),
    index("sms_outbox_pending_idx").on(t.sendAt).where(sql`${t.status} = 'PENDING'`),
    index("sms_outbox_to_idx").on(t.to, t.createdAt),
    index("sms_outbox_appointment_idx").on(t.appointmentId),
  ],
);

/** A text a patient sent us, once per provider message id; what it was taken as; the studio it went to. */
export const smsInbound = pgTable(
  "sms_inbound",
  {
    id: serial("id").primaryKey(),
    messageSid: text("message_sid").notNull(),
    from: text("from").notNull(),
    body: text("body").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    handledAs: text("handled_as", { enum: ["confirm", "move", "stop", "start", "help", "studio"] }).notNull(),
    studioSlug: text("studio_slug").references(() => studios.slug),
    appointmentId: integer("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    /** The studio's conversation with this number (null when no studio had texted the number). */
    threadId: integer("thread_id").references(() => smsThreads.id),
  },
  (t) => [
    unique("sms_inbound_once").on(t.messageSid),
    index("sms_inbound_studio_idx").on(t.studioSlug, t.receivedAt),
    index("sms_inbound_from_idx").on(t.from, t.receivedAt),
    index("sms_inbound_thread_idx").on(t.threadId, t.receivedAt),
  ],
);

/**
 * A studio's conversation with one number (decision 062): the console's inbox lists them, its URL names one by
 * `public_id` (opaque: never the number). `waiting_since`: the first reply for a person not yet answered or marked
 * handled by staff (null: nothing waits).
 */
export const smsThreads = pgTable(
  "sms_threads",
  {
    id: serial("id").primaryKey(),
    publicId: text("public_id").notNull(),
    studioSlug: text("studio_slug")
      .notNull()
      .references(() => studios.slug),
    phone: text("phone").notNull(),
    lastInboundAt: timestamp("last_inbound_at", { withTimezone: true }).notNull(),
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: integer("handled_by").references(() => staff.id),
  },
  (t) => [
    unique("sms_threads_once").on(t.studioSlug, t.phone),
    unique("sms_threads_public_id").on(t.publicId),
    check("sms_threads_phone_e164", sql`${t.phone} ~ '^\\+1[0-9]{10}$'`),
    index("sms_threads_waiting_idx").on(t.studioSlug, t.waitingSince).where(sql`${t.waitingSince} is not null`),
    index("sms_threads_recent_idx").on(t.studioSlug, t.lastInboundAt),
  ],
);

/** "C" by text: the patient confirmed the visit at this start (a move makes it unconfirmed again). */
export const smsVisitConfirmations = pgTable("sms_visit_confirmations", {
  appointmentId: integer("appointment_id")
    .primaryKey()
    .references(() => appointments.id, { onDelete: "cascade" }),
  visitStartsAt: timestamp("visit_starts_at", { withTimezone: true }).notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull(),
});

/**
 * A card asked for by a link (issue 38 C, migration 0026): a visit booked by the desk where the studio needs a card on
 * file. The desk never types one; the patient adds it on Stripe's hosted Checkout setup page from the link (its token
 * is kept hashed). The visit shows "card requested" until `cardAddedAt`; the card itself goes where every visit keeps
 * it (`appointments.details.payment`), so the fee rules apply from then on, and not before.
 */
export const cardRequests = pgTable(
  "card_requests",
  {
    appointmentId: integer("appointment_id")
      .primaryKey()
      .references(() => appointments.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    requestedByStaffId: integer("requested_by_staff_id")
      .notNull()
      .references(() => staff.id),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    customerRef: text("customer_ref"),
    sessionRef: text("session_ref"),
    cardAddedAt: timestamp("card_added_at", { withTimezone: true }),
  },
  (t) => [index("card_requests_open_idx").on(t.appointmentId).where(sql`${t.cardAddedAt} is null`)],
);

/**
 * A staff member's calendar feed (issue 38 F, migration 0026): one provider's schedule, or a studio's (managers and
 * admins), at a secret `.ics` URL. Only the token's SHA-256 is kept; regenerating replaces it (the old URL dies at
 * once), revoking deletes the row. One feed per staff member and target (`staff_calendar_feeds_once`, on coalesce()).
 */
export const staffCalendarFeeds = pgTable(
  "staff_calendar_feeds",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    providerId: integer("provider_id").references(() => providers.id, { onDelete: "cascade" }),
    studioSlug: text("studio_slug").references(() => studios.slug, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("staff_calendar_feeds_one_target", sql`(${t.providerId} is null) <> (${t.studioSlug} is null)`)],
);
