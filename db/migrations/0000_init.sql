CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"patient_id" integer NOT NULL,
	"studio_slug" text NOT NULL,
	"provider_id" integer NOT NULL,
	"service_type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'CONFIRMED' NOT NULL,
	"needs_insurance" boolean DEFAULT false NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_token_unique" UNIQUE("token"),
	CONSTRAINT "appointments_range" CHECK ("appointments"."starts_at" < "appointments"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"ics" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"timezone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"type" text DEFAULT 'NEW' NOT NULL,
	"preferences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_srp_tx_plan" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "provider_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "provider_hours_weekday" CHECK ("provider_hours"."weekday" between 0 and 6),
	CONSTRAINT "provider_hours_range" CHECK ("provider_hours"."start_minute" >= 0 and "provider_hours"."end_minute" <= 1440 and "provider_hours"."start_minute" < "provider_hours"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "provider_time_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "provider_time_off_range" CHECK ("provider_time_off"."starts_at" < "provider_time_off"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"studio_slug" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"provider_roles" text[] NOT NULL,
	"requires_intake" boolean DEFAULT false NOT NULL,
	"virtual_allowed" boolean DEFAULT false NOT NULL,
	"price_cents" integer,
	CONSTRAINT "services_duration_positive" CHECK ("services"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "studios" (
	"slug" text PRIMARY KEY NOT NULL,
	"market_slug" text,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"timezone" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"location_id" integer,
	"is_virtual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_studio_slug_studios_slug_fk" FOREIGN KEY ("studio_slug") REFERENCES "public"."studios"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_type_services_code_fk" FOREIGN KEY ("service_type") REFERENCES "public"."services"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_hours" ADD CONSTRAINT "provider_hours_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_time_off" ADD CONSTRAINT "provider_time_off_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_studio_slug_studios_slug_fk" FOREIGN KEY ("studio_slug") REFERENCES "public"."studios"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studios" ADD CONSTRAINT "studios_market_slug_markets_slug_fk" FOREIGN KEY ("market_slug") REFERENCES "public"."markets"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_studio_start_idx" ON "appointments" USING btree ("studio_slug","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_provider_start_idx" ON "appointments" USING btree ("provider_id","starts_at");--> statement-breakpoint
CREATE INDEX "provider_hours_provider_idx" ON "provider_hours" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "providers_studio_idx" ON "providers" USING btree ("studio_slug");