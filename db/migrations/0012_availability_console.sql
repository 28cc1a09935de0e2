-- Issue 18 C (decision 023): staff shape availability from the console; the database keeps it sane whoever writes.
-- A provider's weekly hours never overlap on one weekday (the console refuses them first, with a message).
ALTER TABLE "provider_hours" ADD CONSTRAINT "provider_hours_no_overlap"
  EXCLUDE USING gist ("provider_id" WITH =, "weekday" WITH =, int4range("start_minute", "end_minute") WITH &&);
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_price_not_negative" CHECK ("services"."price_cents" >= 0);
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_duration_sane" CHECK ("services"."duration_minutes" between 5 and 480);
--> statement-breakpoint
ALTER TABLE "studio_closures" ADD CONSTRAINT "studio_closures_reason_length" CHECK (length("studio_closures"."reason") <= 200);
--> statement-breakpoint
ALTER TABLE "provider_time_off" ADD CONSTRAINT "provider_time_off_reason_length" CHECK (length("provider_time_off"."reason") <= 200);
