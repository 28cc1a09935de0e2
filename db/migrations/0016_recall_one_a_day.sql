-- At most one recall email a day per patient row (issue 33 C): the sender claims the patient's day in the same
-- transaction that queues the email; a second email for that patient and day (another service's recall, another
-- container's sender) finds the day taken and waits for the next. The day is the studio's calendar day.
CREATE TABLE "recall_email_days" (
	"patient_id" integer NOT NULL,
	"sent_on" date NOT NULL,
	"notice_id" integer NOT NULL,
	CONSTRAINT "recall_email_days_pk" PRIMARY KEY("patient_id","sent_on")
);
--> statement-breakpoint
ALTER TABLE "recall_email_days" ADD CONSTRAINT "recall_email_days_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recall_email_days" ADD CONSTRAINT "recall_email_days_notice_id_recall_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."recall_notices"("id") ON DELETE cascade ON UPDATE no action;
