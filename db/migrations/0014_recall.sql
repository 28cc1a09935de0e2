-- Recall (issue 20 B): how many months after a completed visit of a service the next one is due (null: none).
ALTER TABLE "services" ADD COLUMN "recall_months" smallint;
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_recall_months" CHECK ("services"."recall_months" between 1 and 60);
--> statement-breakpoint
UPDATE "services" SET "recall_months" = 6 WHERE "code" = 'CLNCHK' AND "recall_months" IS NULL;
--> statement-breakpoint
-- A patient row that used the unsubscribe link of a recall email gets no more recall emails.
ALTER TABLE "patients" ADD COLUMN "recall_opted_out_at" timestamp with time zone;
--> statement-breakpoint
-- Extra headers of an outgoing email (List-Unsubscribe, List-Unsubscribe-Post: RFC 8058).
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;
--> statement-breakpoint
CREATE TABLE "recall_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"service_code" text NOT NULL,
	"visit_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"kind" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"skipped" text,
	"unsubscribe_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recall_notices_once" UNIQUE("patient_id","service_code","due_on","kind"),
	CONSTRAINT "recall_notices_token" UNIQUE("unsubscribe_token_hash"),
	CONSTRAINT "recall_notices_kind" CHECK ("recall_notices"."kind" in ('due_soon', 'due')),
	CONSTRAINT "recall_notices_sent_or_skipped" CHECK ("recall_notices"."sent_at" is null or "recall_notices"."skipped" is null)
);
--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_service_code_services_code_fk" FOREIGN KEY ("service_code") REFERENCES "public"."services"("code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_visit_id_appointments_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "recall_notices_pending_idx" ON "recall_notices" USING btree ("send_at") WHERE "recall_notices"."sent_at" is null and "recall_notices"."skipped" is null;
--> statement-breakpoint
-- The planner reads a recall service's visits of a window of days: by service and start, not every visit.
CREATE INDEX "appointments_service_start_idx" ON "appointments" USING btree ("service_type","starts_at");
