import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
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
  },
  (t) => [check("services_duration_positive", sql`${t.durationMinutes} > 0`)],
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
    // Availability reads a provider's time off that has not ended yet: bounded by provider and end (decision 018).
    index("provider_time_off_provider_end_idx").on(t.providerId, t.endsAt),
  ],
);

export type Preference = { name: string; value?: string };

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
  /**
   * A family member of this account (issue 20 A, decision 024): the holder books and manages their visits. Such a
   * row carries the holder's email (emails about the member reach the holder) and is never an account's own
   * record (person_id null).
   */
  familyOfPersonId: integer("family_of_person_id").references(() => persons.id),
  relationship: text("relationship", { enum: ["child", "partner", "parent", "sibling", "other"] }),
  /** Removed from the family list: no new bookings; their visits stay, shown to the holder as removed. */
  removedAt: timestamp("removed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An account's records (/profile, the visits of an account): by person, never a scan of every patient.
    index("patients_person_idx").on(t.personId),
    uniqueIndex("patients_email_unique").on(t.email).where(sql`family_of_person_id is null`),
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("appointments_range", sql`${t.startsAt} < ${t.endsAt}`),
    // No visit is longer than a day, so "busy in [from, to)" reads starts_at from `from - 1 day` only, on the
    // provider's index, not the provider's whole history (decision 018; MAX_VISIT_MS in scheduling/slots).
    check("appointments_length_bounded", sql`${t.endsAt} - ${t.startsAt} <= interval '1 day'`),
    index("appointments_studio_start_idx").on(t.studioSlug, t.startsAt),
    // INCLUDE (ends_at, status) in migration 0008: availability reads it index-only (drizzle cannot declare INCLUDE).
    index("appointments_provider_start_idx").on(t.providerId, t.startsAt),
    // A patient's visits (/profile, the patient overlap check of a booking): by patient.
    index("appointments_patient_start_idx").on(t.patientId, t.startsAt),
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

export const emailOutbox = pgTable(
  "email_outbox",
  {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  ics: text("ics"),
  status: text("status", { enum: ["PENDING", "SENT", "FAILED"] }).notNull().default("PENDING"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
    purpose: text("purpose", { enum: ["signup", "reset", "change_email"] }).notNull(),
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
    check("auth_codes_purpose", sql`${t.purpose} in ('signup', 'reset', 'change_email')`),
  ],
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
    /** "staff" (staffId set), "patient" (their own cancel or move) or "system". */
    actor: text("actor", { enum: ["staff", "patient", "system"] }).notNull(),
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
  (t) => [unique("studio_closures_once").on(t.studioSlug, t.day)],
);

/** Bumped by every change of availability (hours, time off, closures, services): every process's caches key on it. */
export const catalogueRevision = pgTable("catalogue_revision", {
  id: smallint("id").primaryKey(),
  revision: bigint("revision", { mode: "number" }).notNull(),
});
