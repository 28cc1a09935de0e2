-- Languages (issue 21, decision 027): the language a person, a patient row, a visit and a waitlist entry were made in,
-- so emails sent later by any process (reminders, recall, waitlist offers) speak it. Existing rows were English.
ALTER TABLE "persons" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;
