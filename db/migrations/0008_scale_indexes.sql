-- Issue 23 (decision 018): every hot query bounded by an index as history grows — a patient's visits, an account's
-- patient records, a provider's time off still ahead, the outbox's pending emails — and visits at most a day long,
-- so that availability reads a provider's visits from `from - 1 day` on, not the provider's whole past.
CREATE INDEX "appointments_patient_start_idx" ON "appointments" USING btree ("patient_id","starts_at");--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("id") WHERE "email_outbox"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "patients_person_idx" ON "patients" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "provider_time_off_provider_end_idx" ON "provider_time_off" USING btree ("provider_id","ends_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_length_bounded" CHECK ("appointments"."ends_at" - "appointments"."starts_at" <= interval '1 day');--> statement-breakpoint
-- Availability's busy read as an index-only scan (no heap page per visit in the window). Drizzle cannot declare
-- INCLUDE, so schema.ts keeps the plain declaration of this index under the same name.
DROP INDEX "appointments_provider_start_idx";--> statement-breakpoint
CREATE INDEX "appointments_provider_start_idx" ON "appointments" USING btree ("provider_id","starts_at") INCLUDE ("ends_at","status");
