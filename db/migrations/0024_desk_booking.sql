-- The front desk books the caller (issue 38, decision 073).
-- How a visit was booked and by whom; a squeeze-in's reason (a double booking somebody chose, by name).
ALTER TABLE "appointments" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_channel" CHECK ("channel" in ('online', 'phone', 'waitlist'));--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_staff_id_staff_id_fk" FOREIGN KEY ("booked_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "squeeze_reason" text;--> statement-breakpoint
-- A squeeze-in is booked only by staff: a reason never appears without the staff member who chose it.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_squeeze_by_staff" CHECK ("squeeze_reason" is null or ("booked_by_staff_id" is not null and length("squeeze_reason") between 1 and 300));--> statement-breakpoint
-- The provider's exclusion still refuses every overlap nobody chose; a squeeze-in is the one overlap chosen on purpose.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_provider_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_provider_overlap"
  EXCLUDE USING gist ("provider_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" <> 'CANCELLED' AND "squeeze_reason" IS NULL);--> statement-breakpoint
ALTER TABLE "visit_events" ADD COLUMN "channel" text;--> statement-breakpoint
-- Texts agreed to on the phone: which staff member ticked it.
ALTER TABLE "sms_consents" DROP CONSTRAINT "sms_consents_given_via";--> statement-breakpoint
ALTER TABLE "sms_consents" ADD CONSTRAINT "sms_consents_given_via" CHECK ("given_via" in ('booking', 'profile', 'keyword', 'desk'));--> statement-breakpoint
ALTER TABLE "sms_consents" ADD COLUMN "given_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "sms_consents" ADD CONSTRAINT "sms_consents_given_by_staff_id_staff_id_fk" FOREIGN KEY ("given_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A caller without email: '' (the column stays NOT NULL for every reader); only real addresses are unique.
DROP INDEX "patients_email_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "patients_email_unique" ON "patients" USING btree ("email") WHERE "patients"."family_of_person_id" is null and "patients"."email" <> '';--> statement-breakpoint
-- The desk's patient search (issue 38 B): a phone's 10 digits, a name's beginning (+ date of birth), an email's beginning.
CREATE INDEX "patients_phone_digits_idx" ON "patients" USING btree (right(regexp_replace("phone", '\D', '', 'g'), 10));--> statement-breakpoint
CREATE INDEX "patients_name_dob_idx" ON "patients" USING btree (lower("last_name") text_pattern_ops, lower("first_name") text_pattern_ops, "date_of_birth");--> statement-breakpoint
CREATE INDEX "patients_first_name_idx" ON "patients" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_dob_idx" ON "patients" USING btree ("date_of_birth");--> statement-breakpoint
CREATE INDEX "patients_email_prefix_idx" ON "patients" USING btree ("email" text_pattern_ops);
