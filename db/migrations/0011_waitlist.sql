CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"person_id" integer,
	"studio_slug" text NOT NULL,
	"service_code" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"parts" text[] NOT NULL,
	"leave_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"left_reason" text,
	CONSTRAINT "waitlist_entries_leave_token_hash_unique" UNIQUE("leave_token_hash"),
	CONSTRAINT "waitlist_entries_days" CHECK ("waitlist_entries"."first_day" <= "waitlist_entries"."last_day"),
	CONSTRAINT "waitlist_entries_parts" CHECK (cardinality("waitlist_entries"."parts") between 1 and 3 and "waitlist_entries"."parts" <@ array['morning', 'afternoon', 'evening']::text[]),
	CONSTRAINT "waitlist_entries_left" CHECK (("waitlist_entries"."left_at" is null) = ("waitlist_entries"."left_reason" is null) and ("waitlist_entries"."left_reason" is null or "waitlist_entries"."left_reason" in ('left', 'booked', 'expired')))
);
--> statement-breakpoint
CREATE TABLE "waitlist_signals" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_slug" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "waitlist_signals_range" CHECK ("waitlist_signals"."from_at" < "waitlist_signals"."to_at"),
	CONSTRAINT "waitlist_signals_reason" CHECK ("waitlist_signals"."reason" in ('cancel', 'move', 'claim_lapsed', 'hold_lapsed', 'hours'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_openings" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_slug" text NOT NULL,
	"service_code" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_batch_at" timestamp with time zone,
	"batches" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_reason" text,
	CONSTRAINT "waitlist_openings_range" CHECK ("waitlist_openings"."starts_at" < "waitlist_openings"."ends_at"),
	CONSTRAINT "waitlist_openings_closed" CHECK (("waitlist_openings"."closed_at" is null) = ("waitlist_openings"."closed_reason" is null) and ("waitlist_openings"."closed_reason" is null or "waitlist_openings"."closed_reason" in ('claimed', 'taken', 'nobody')))
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"opening_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "waitlist_offers_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "waitlist_offers_once" UNIQUE("opening_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "waitlist_cursor" (
	"id" smallint PRIMARY KEY NOT NULL,
	"seen_revision" bigint NOT NULL,
	CONSTRAINT "waitlist_cursor_one" CHECK ("waitlist_cursor"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_studio_slug_studios_slug_fk" FOREIGN KEY ("studio_slug") REFERENCES "public"."studios"("slug") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_service_code_services_code_fk" FOREIGN KEY ("service_code") REFERENCES "public"."services"("code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_signals" ADD CONSTRAINT "waitlist_signals_studio_slug_studios_slug_fk" FOREIGN KEY ("studio_slug") REFERENCES "public"."studios"("slug") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_openings" ADD CONSTRAINT "waitlist_openings_studio_slug_studios_slug_fk" FOREIGN KEY ("studio_slug") REFERENCES "public"."studios"("slug") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_openings" ADD CONSTRAINT "waitlist_openings_service_code_services_code_fk" FOREIGN KEY ("service_code") REFERENCES "public"."services"("code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_opening_id_waitlist_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."waitlist_openings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_active_once" ON "waitlist_entries" USING btree ("email","studio_slug","service_code") WHERE "waitlist_entries"."left_at" is null;
--> statement-breakpoint
CREATE INDEX "waitlist_entries_match_idx" ON "waitlist_entries" USING btree ("studio_slug","service_code","created_at","id") WHERE "waitlist_entries"."left_at" is null;
--> statement-breakpoint
CREATE INDEX "waitlist_entries_person_idx" ON "waitlist_entries" USING btree ("person_id") WHERE "waitlist_entries"."left_at" is null;
--> statement-breakpoint
CREATE INDEX "waitlist_signals_due_idx" ON "waitlist_signals" USING btree ("due_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_openings_open_once" ON "waitlist_openings" USING btree ("studio_slug","service_code","starts_at") WHERE "waitlist_openings"."closed_at" is null;
--> statement-breakpoint
CREATE INDEX "waitlist_openings_due_idx" ON "waitlist_openings" USING btree ("next_batch_at") WHERE "waitlist_openings"."closed_at" is null;
--> statement-breakpoint
CREATE INDEX "waitlist_offers_entry_idx" ON "waitlist_offers" USING btree ("entry_id");
