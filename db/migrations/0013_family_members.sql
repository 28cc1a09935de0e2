-- Family members (issue 20 A, decision 024): a patient row owned by an account holder (family_of_person_id),
-- carrying the holder's email so every email about the member's visits reaches the holder. Such a row is never
-- an account's own record (person_id stays null), and one email address is unique only among the rows that are
-- not family members.
ALTER TABLE "patients" ADD COLUMN "family_of_person_id" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "relationship" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_family_of_person_id_persons_id_fk" FOREIGN KEY ("family_of_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_family_shape" CHECK ((family_of_person_id IS NULL AND relationship IS NULL AND removed_at IS NULL) OR (family_of_person_id IS NOT NULL AND person_id IS NULL AND relationship IS NOT NULL AND relationship IN ('child', 'partner', 'parent', 'sibling', 'other')));--> statement-breakpoint
ALTER TABLE "patients" DROP CONSTRAINT "patients_email_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "patients_email_unique" ON "patients" USING btree ("email") WHERE family_of_person_id IS NULL;--> statement-breakpoint
CREATE INDEX "patients_family_idx" ON "patients" USING btree ("family_of_person_id") WHERE family_of_person_id IS NOT NULL;
