-- A hold placed by claiming a waitlist offer says so (issue 38 E): the booking that consumes it is the waitlist's
-- channel, not "online". Any other hold has none (null); choosing another time replaces the hold and its mark.
ALTER TABLE "slot_holds" ADD COLUMN "via" text;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_via" CHECK ("via" IS NULL OR "via" = 'waitlist');
