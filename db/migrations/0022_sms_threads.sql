-- Texts in the console (issue 31, decision 062): one thread per studio and number, named in URLs by an opaque id;
-- `waiting_since` is set by a reply for a person and cleared when staff answer it or mark it handled.
CREATE TABLE "sms_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"studio_slug" text NOT NULL,
	"phone" text NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL,
	"waiting_since" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"handled_by" integer,
	CONSTRAINT "sms_threads_once" UNIQUE("studio_slug","phone"),
	CONSTRAINT "sms_threads_public_id" UNIQUE("public_id"),
	CONSTRAINT "sms_threads_phone_e164" CHECK ("sms_threads"."phone" ~ '^\+1[0-9]{10}$')
);
--> statement-breakpoint
ALTER TABLE "sms_threads" ADD CONSTRAINT "sms_threads_studio_slug_studios_slug_fk" FOREIGN KEY ("studio_slug") REFERENCES "public"."studios"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_threads" ADD CONSTRAINT "sms_threads_handled_by_staff_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_threads_waiting_idx" ON "sms_threads" USING btree ("studio_slug","waiting_since") WHERE "sms_threads"."waiting_since" is not null;--> statement-breakpoint
CREATE INDEX "sms_threads_recent_idx" ON "sms_threads" USING btree ("studio_slug","last_inbound_at");--> statement-breakpoint
ALTER TABLE "sms_inbound" ADD COLUMN "thread_id" integer;--> statement-breakpoint
ALTER TABLE "sms_inbound" ADD CONSTRAINT "sms_inbound_thread_id_sms_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."sms_threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_inbound_thread_idx" ON "sms_inbound" USING btree ("thread_id","received_at");--> statement-breakpoint
-- Replies received before this migration: their threads (waiting since the first reply for a person).
INSERT INTO "sms_threads" ("public_id", "studio_slug", "phone", "last_inbound_at", "waiting_since")
SELECT md5(random()::text || clock_timestamp()::text || i."studio_slug" || i."from"), i."studio_slug", i."from", max(i."received_at"),
	min(i."received_at") FILTER (WHERE i."handled_as" = 'studio')
FROM "sms_inbound" i WHERE i."studio_slug" IS NOT NULL GROUP BY i."studio_slug", i."from";--> statement-breakpoint
UPDATE "sms_inbound" i SET "thread_id" = t."id" FROM "sms_threads" t WHERE t."studio_slug" = i."studio_slug" AND t."phone" = i."from";
