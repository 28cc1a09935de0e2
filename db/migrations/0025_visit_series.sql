-- A series of visits planned at once (issue 39, decision 074): the rule, and each visit's series and place in it.
CREATE TABLE "visit_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"patient_id" integer NOT NULL,
	"studio_slug" text NOT NULL,
	"service_type" text NOT NULL,
	"provider_id" integer,
	"every" smallint NOT NULL,
	"unit" text NOT NULL,
	"local_minute" smallint NOT NULL,
	"occurrences" smallint NOT NULL,
	"channel" text DEFAULT 'online' NOT NULL,
	"booked_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_series_token_unique" UNIQUE("token"),
	CONSTRAINT "visit_series_every" CHECK (("unit" = 'weeks' and "every" between 1 and 26) or ("unit" = 'months' and "every" between 1 and 12)),
	CONSTRAINT "visit_series_local_minute" CHECK ("local_minute" between 0 and 1439),
	CONSTRAINT "visit_series_occurrences" CHECK ("occurrences" between 1 and 24)
);--> statement-breakpoint
ALTER TABLE "visit_series" ADD CONSTRAINT "visit_series_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_series" ADD CONSTRAINT "visit_series_studio_slug_studios_slug_fk" FOREIGN KEY ("studio_slug") REFERENCES "public"."studios"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_series" ADD CONSTRAINT "visit_series_service_type_services_code_fk" FOREIGN KEY ("service_type") REFERENCES "public"."services"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_series" ADD CONSTRAINT "visit_series_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_series" ADD CONSTRAINT "visit_series_booked_by_staff_id_staff_id_fk" FOREIGN KEY ("booked_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_series_patient_idx" ON "visit_series" USING btree ("patient_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "series_position" smallint;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_series_id_visit_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."visit_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_series_position" CHECK (("series_id" is null and "series_position" is null) or ("series_id" is not null and "series_position" between 1 and 24));--> statement-breakpoint
-- One visit per place in a series: a move keeps its row (and its place), a cancel too.
CREATE UNIQUE INDEX "appointments_series_place" ON "appointments" USING btree ("series_id","series_position");
