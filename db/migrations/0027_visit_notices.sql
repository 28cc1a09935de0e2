-- The visit emails and texts become a consumer of the visit events (issue 42 B, decision 070); the jobs hear of new
-- work from the database instead of polling for it (issue 42 F).
-- The new consumer starts after the events already written: their emails and texts were queued by the transactions
-- that wrote them.
INSERT INTO "visit_event_cursors" ("consumer", "tx_id", "event_id")
  SELECT 'visit-notices', coalesce(max("tx_id"), 0), coalesce(max("id"), 0) FROM "visit_events"
  ON CONFLICT ("consumer") DO NOTHING;--> statement-breakpoint
-- A NOTIFY on channel dental_jobs naming the job's topic, delivered at the commit of the transaction that inserted the
-- rows (never for one rolled back); PostgreSQL sends one per topic and transaction however many rows.
CREATE OR REPLACE FUNCTION "notify_jobs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dental_jobs', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visit_events_notify_jobs" AFTER INSERT ON "visit_events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_jobs"('visit-events');--> statement-breakpoint
CREATE TRIGGER "email_outbox_notify_jobs" AFTER INSERT ON "email_outbox" FOR EACH STATEMENT EXECUTE FUNCTION "notify_jobs"('email-outbox');--> statement-breakpoint
CREATE TRIGGER "sms_outbox_notify_jobs" AFTER INSERT ON "sms_outbox" FOR EACH STATEMENT EXECUTE FUNCTION "notify_jobs"('sms');
