CREATE TABLE "appointment_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"visit_starts_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"skipped" text,
	CONSTRAINT "appointment_reminders_once" UNIQUE("appointment_id","kind","visit_starts_at"),
	CONSTRAINT "appointment_reminders_kind" CHECK ("appointment_reminders"."kind" in ('7d', '2d', '2h'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "late_cancel_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_reminders_due_idx" ON "appointment_reminders" USING btree ("due_at") WHERE "appointment_reminders"."sent_at" is null and "appointment_reminders"."skipped" is null;--> statement-breakpoint
-- Visits booked before reminders existed get the ones still ahead of them.
INSERT INTO "appointment_reminders" ("appointment_id", "kind", "visit_starts_at", "due_at")
SELECT a."id", r."kind", a."starts_at", a."starts_at" - r."ahead"
FROM "appointments" a
CROSS JOIN (VALUES ('7d', interval '7 days'), ('2d', interval '2 days'), ('2h', interval '2 hours')) AS r("kind", "ahead")
WHERE a."status" = 'CONFIRMED' AND a."starts_at" - r."ahead" > now();
