-- A patient may stop the reminder emails of their visits (issue 41 C): the reminder job then skips them ('opted_out').
-- Confirmations and changes are still emailed; texts keep their own consent. Null: reminders on.
ALTER TABLE "patients" ADD COLUMN "reminder_emails_off_at" timestamp with time zone;
