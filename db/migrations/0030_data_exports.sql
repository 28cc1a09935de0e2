-- "A copy of my data" (issue 41 A, decision 080): a one-time download link per request, only its token's hash kept,
-- 15 minutes, used once; the emailed code for an account that confirms with a code instead of its password.
CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"confirmed_via" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_exports_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "data_exports_confirmed_via" CHECK ("confirmed_via" IN ('password', 'code'))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_person_idx" ON "data_exports" USING btree ("person_id","created_at");--> statement-breakpoint
ALTER TABLE "auth_codes" DROP CONSTRAINT "auth_codes_purpose";--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_purpose" CHECK ("purpose" IN ('signup', 'reset', 'change_email', 'data_export'));
