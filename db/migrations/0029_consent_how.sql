-- How a recall opt-out was given (issue 41 C, decision 079): the recall email's unsubscribe link, the consents page,
-- or closing the account. Rows opted out before 0029 have none (null): the page says "before we recorded how".
ALTER TABLE "patients" ADD COLUMN "recall_opted_out_via" text;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_recall_opted_out_via" CHECK ("recall_opted_out_via" IS NULL OR ("recall_opted_out_at" IS NOT NULL AND "recall_opted_out_via" IN ('email_link', 'profile', 'account_closed')));
