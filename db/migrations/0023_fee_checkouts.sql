-- A fee's pay page (decision 072): one open Stripe Checkout Session per fee, reused by every tab and process while
-- it is open. The partial unique index is the rule: a second open row for a fee cannot be written. The row is made
-- (with the idempotency key and expiry Stripe is sent) before Stripe is asked, so two requests at once send the
-- same key and get the same session.
CREATE TABLE "fee_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"fee_id" integer NOT NULL REFERENCES "visit_fees"("id"),
	"idempotency_key" text NOT NULL UNIQUE,
	"session_ref" text UNIQUE,
	"url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fee_checkouts_one_open" ON "fee_checkouts" ("fee_id") WHERE "closed_at" IS NULL;
--> statement-breakpoint
-- A payment for a fee already paid (two sessions both completed, or one made before the fee had a reusable one):
-- refunded automatically, once per PaymentIntent (its id is the key, at Stripe too).
CREATE TABLE "fee_extra_payments" (
	"payment_ref" text PRIMARY KEY NOT NULL,
	"fee_id" integer NOT NULL REFERENCES "visit_fees"("id"),
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refund_ref" text UNIQUE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_extra_payments_amount" CHECK ("amount_cents" > 0),
	CONSTRAINT "fee_extra_payments_status" CHECK ("status" IN ('pending', 'refunded'))
);
--> statement-breakpoint
CREATE INDEX "fee_extra_payments_pending_idx" ON "fee_extra_payments" ("created_at") WHERE "status" = 'pending';
