-- A time a patient chose, held for them for SLOT_HOLD_MINUTES while they finish booking (issue 19 A, decision 021).
-- One row per booking (the booking id in the encrypted booking cookie); a row past expires_at holds nothing and is
-- ignored by every query until the sweeper deletes it.
CREATE TABLE "slot_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"studio_slug" text NOT NULL,
	"service_type" text NOT NULL,
	"provider_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_holds_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "slot_holds_range" CHECK ("slot_holds"."starts_at" < "slot_holds"."ends_at" and "slot_holds"."ends_at" - "slot_holds"."starts_at" <= interval '1 day'),
	CONSTRAINT "slot_holds_booking_id_shape" CHECK ("slot_holds"."booking_id" ~ '^[A-Za-z0-9_-]{32}$')
);
--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_studio_slug_studios_slug_fk" FOREIGN KEY ("studio_slug") REFERENCES "public"."studios"("slug") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_service_type_services_code_fk" FOREIGN KEY ("service_type") REFERENCES "public"."services"("code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Two holds never share a provider's time, across processes: a placement deletes the expired rows in its way
-- first (under the studio-day lock), so only live holds can collide here.
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_no_provider_overlap"
  EXCLUDE USING gist ("provider_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&);
--> statement-breakpoint
-- Availability reads a provider's holds in a window with its appointments (one union, decision 018's bounds).
CREATE INDEX "slot_holds_provider_start_idx" ON "slot_holds" USING btree ("provider_id","starts_at") INCLUDE ("ends_at", "expires_at", "booking_id");
--> statement-breakpoint
-- The sweeper deletes expired rows oldest first.
CREATE INDEX "slot_holds_expires_idx" ON "slot_holds" USING btree ("expires_at");
