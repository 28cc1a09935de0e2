ALTER TABLE "studios" ADD COLUMN "opening_hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "longitude" double precision;