-- The front desk books the caller, parts C and F (issue 38, decisions 073 and 074).
-- A card asked for by a link (the desk never types one): the link's token hashed, the Stripe trip, when it arrived.
CREATE TABLE "card_requests" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"requested_by_staff_id" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"customer_ref" text,
	"session_ref" text,
	"card_added_at" timestamp with time zone,
	CONSTRAINT "card_requests_token_hash_unique" UNIQUE("token_hash")
);--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_requested_by_staff_id_staff_id_fk" FOREIGN KEY ("requested_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_requests_open_idx" ON "card_requests" USING btree ("appointment_id") WHERE "card_requests"."card_added_at" is null;--> statement-breakpoint
-- A staff member's calendar feed: one provider's schedule or (managers, admins) a studio's; only the token's hash.
CREATE TABLE "staff_calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"provider_id" integer,
	"studio_slug" text,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_calendar_feeds_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_calendar_feeds_one_target" CHECK (("provider_id" is null) <> ("studio_slug" is null))
);--> statement-breakpoint
ALTER TABLE "staff_calendar_feeds" ADD CONSTRAINT "staff_calendar_feeds_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_calendar_feeds" ADD CONSTRAINT "staff_calendar_feeds_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_calendar_feeds" ADD CONSTRAINT "staff_calendar_feeds_studio_slug_studios_slug_fk" FOREIGN KEY ("studio_slug") REFERENCES "public"."studios"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_calendar_feeds_once" ON "staff_calendar_feeds" USING btree ("staff_id", coalesce("provider_id", 0), coalesce("studio_slug", ''));
