-- Texts (issue 31, decision 036): consent, the SMS outbox (one row per purpose: sms_outbox_once), replies, confirmations by text.
CREATE TABLE "sms_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"phone" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"wording_version" text NOT NULL,
	"given_via" text NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_via" text,
	CONSTRAINT "sms_consents_phone_e164" CHECK ("sms_consents"."phone" ~ '^\+1[0-9]{10}$'),
	CONSTRAINT "sms_consents_given_via" CHECK ("sms_consents"."given_via" in ('booking', 'profile', 'keyword')),
	CONSTRAINT "sms_consents_withdrawn" CHECK (("sms_consents"."withdrawn_at" is null) = ("sms_consents"."withdrawn_via" is null) and ("sms_consents"."withdrawn_via" is null or "sms_consents"."withdrawn_via" in ('profile', 'keyword')))
);
--> statement-breakpoint
CREATE TABLE "sms_inbound" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_sid" text NOT NULL,
	"from" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"handled_as" text NOT NULL,
	"studio_slug" text,
	"appointment_id" integer,
	CONSTRAINT "sms_inbound_once" UNIQUE("message_sid")
);
--> statement-breakpoint
CREATE TABLE "sms_numbers" (
	"phone" text PRIMARY KEY NOT NULL,
	"stopped_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"rejected_code" integer
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"appointment_id" integer,
	"visit_starts_at" timestamp with time zone,
	"studio_slug" text,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"quiet_zone" text,
	"capped" boolean DEFAULT true NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"skipped" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"provider_sid" text,
	"delivery" text,
	"error_code" integer,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_outbox_once" UNIQUE("dedupe_key"),
	CONSTRAINT "sms_outbox_provider_sid" UNIQUE("provider_sid"),
	CONSTRAINT "sms_outbox_to_e164" CHECK ("sms_outbox"."to" ~ '^\+1[0-9]{10}$'),
	CONSTRAINT "sms_outbox_status" CHECK ("sms_outbox"."status" in ('PENDING', 'SENT', 'SKIPPED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "sms_visit_confirmations" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"visit_starts_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_consents" ADD CONSTRAINT "sms_consents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_inbound" ADD CONSTRAINT "sms_inbound_studio_slug_studios_slug_fk" FOREIGN KEY ("studio_slug") REFERENCES "public"."studios"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_inbound" ADD CONSTRAINT "sms_inbound_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_studio_slug_studios_slug_fk" FOREIGN KEY ("studio_slug") REFERENCES "public"."studios"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_visit_confirmations" ADD CONSTRAINT "sms_visit_confirmations_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_consents_live_once" ON "sms_consents" USING btree ("patient_id") WHERE "sms_consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "sms_consents_phone_idx" ON "sms_consents" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "sms_inbound_studio_idx" ON "sms_inbound" USING btree ("studio_slug","received_at");--> statement-breakpoint
CREATE INDEX "sms_inbound_from_idx" ON "sms_inbound" USING btree ("from","received_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_pending_idx" ON "sms_outbox" USING btree ("send_at") WHERE "sms_outbox"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_appointment_idx" ON "sms_outbox" USING btree ("appointment_id");