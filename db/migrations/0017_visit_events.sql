-- Issue 30 A, decision 031: one record of what happened to each visit, written in the transaction of the change.
-- Consumers (the waitlist, webhooks) read it in commit order through a cursor each: `tx_id` is the writing
-- transaction's id, and a consumer reads only events of transactions older than every one still running
-- (pg_snapshot_xmin), so an event committed late is never skipped.
CREATE TABLE "visit_events" (
  "id" bigserial PRIMARY KEY,
  "tx_id" bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
  "visit_id" integer REFERENCES "appointments"("id") ON DELETE CASCADE,
  "seq" integer,
  "type" text NOT NULL,
  "studio_slug" text NOT NULL,
  "service_code" text,
  "starts_at" timestamptz,
  "status" text,
  "previous_starts_at" timestamptz,
  "cancelled_by" text,
  "freed_from" timestamptz,
  "freed_to" timestamptz,
  "freed_reason" text,
  "at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "visit_events_type" CHECK ("type" IN ('visit.booked', 'visit.moved', 'visit.cancelled', 'visit.arrived', 'visit.completed', 'visit.no_show', 'time.freed')),
  CONSTRAINT "visit_events_visit_seq" UNIQUE ("visit_id", "seq"),
  CONSTRAINT "visit_events_seq_with_visit" CHECK (("visit_id" IS NULL) = ("seq" IS NULL)),
  CONSTRAINT "visit_events_visit_fields" CHECK ("type" = 'time.freed' OR ("visit_id" IS NOT NULL AND "service_code" IS NOT NULL AND "starts_at" IS NOT NULL AND "status" IS NOT NULL)),
  CONSTRAINT "visit_events_cancelled_by" CHECK ("cancelled_by" IS NULL OR "cancelled_by" IN ('patient', 'staff')),
  CONSTRAINT "visit_events_freed" CHECK (("freed_from" IS NULL) = ("freed_to" IS NULL) AND ("freed_from" IS NULL OR "freed_from" <= "freed_to"))
);--> statement-breakpoint
CREATE INDEX "visit_events_commit_order_idx" ON "visit_events" ("tx_id", "id");--> statement-breakpoint
-- Never updated; removed only with its visit (the foreign key's cascade, once the visit row is gone).
CREATE FUNCTION visit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.visit_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM appointments WHERE id = OLD.visit_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'visit_events is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER visit_events_no_update_or_delete BEFORE UPDATE OR DELETE ON "visit_events" FOR EACH ROW EXECUTE FUNCTION visit_events_append_only();--> statement-breakpoint
-- Where each consumer of the record has read up to, in commit order.
CREATE TABLE "visit_event_cursors" (
  "consumer" text PRIMARY KEY,
  "tx_id" bigint NOT NULL DEFAULT 0,
  "event_id" bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
-- Grown staff availability is a freed time in visit_events now: the waitlist's own revision cursor has no use.
DROP TABLE "waitlist_cursor";
--> statement-breakpoint
-- Issue 30 B, decision 032: signed webhooks. An endpoint an admin added; its signing secret (whsec_…) and, during a
-- rotation's overlap, the previous one (both signatures are sent until `previous_secret_until`).
CREATE TABLE "webhook_endpoints" (
  "id" serial PRIMARY KEY,
  "url" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "event_types" text[] NOT NULL,
  "studios" text[] NOT NULL,
  "secret" text NOT NULL,
  "previous_secret" text,
  "previous_secret_until" timestamptz,
  "disabled_at" timestamptz,
  "disabled_reason" text,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "webhook_endpoints_url_length" CHECK (length("url") <= 2000),
  CONSTRAINT "webhook_endpoints_description_length" CHECK (length("description") <= 200),
  CONSTRAINT "webhook_endpoints_disabled" CHECK (("disabled_at" IS NULL) = ("disabled_reason" IS NULL) AND ("disabled_reason" IS NULL OR "disabled_reason" IN ('admin', 'failing')))
);--> statement-breakpoint
-- One message of one event to one endpoint: the same id and body on every try, until delivered or given up.
CREATE TABLE "webhook_deliveries" (
  "id" bigserial PRIMARY KEY,
  "endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "event_id" bigint NOT NULL REFERENCES "visit_events"("id") ON DELETE CASCADE,
  "visit_id" integer NOT NULL,
  "message_id" text NOT NULL UNIQUE,
  "type" text NOT NULL,
  "payload" text NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "attempts" integer NOT NULL DEFAULT 0,
  "next_attempt_at" timestamptz,
  "claimed_until" timestamptz,
  "last_attempt_at" timestamptz,
  "last_status_code" integer,
  "last_error" text,
  "delivered_at" timestamptz,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "webhook_deliveries_once" UNIQUE ("endpoint_id", "event_id"),
  CONSTRAINT "webhook_deliveries_status" CHECK ("status" IN ('pending', 'delivered', 'failed'))
);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at", "id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_visit_order_idx" ON "webhook_deliveries" ("endpoint_id", "visit_id", "id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "id");
