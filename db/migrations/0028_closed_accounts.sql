-- Closed accounts (issue 41, decision 078): the account row stays (its family members point at it) without a
-- login; its patient records are marked closed, kept for the retention period, then removed by a job.
ALTER TABLE "persons" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "patients_closed_idx" ON "patients" USING btree ("closed_at") WHERE closed_at is not null;
--> statement-breakpoint
ALTER TABLE "visit_events" DROP CONSTRAINT "visit_events_cancelled_by";--> statement-breakpoint
ALTER TABLE "visit_events" ADD CONSTRAINT "visit_events_cancelled_by" CHECK ("cancelled_by" IS NULL OR "cancelled_by" IN ('patient', 'staff', 'account_closed'));
