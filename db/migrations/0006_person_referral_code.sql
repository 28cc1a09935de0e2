ALTER TABLE "persons" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_referral_code_unique" UNIQUE("referral_code");