-- The booking's trip to Stripe's page for its card (issue 32 A, decision 060), keyed by the booking id that the
-- encrypted booking cookie already carries (so the cookie stays under 4 KB): the Stripe Customer the card hangs off,
-- the Checkout Session sent to Stripe (the only one the return reads) and, once back, the PaymentMethod.
-- `person_id`: the account it was made for (null: a guest), so a Customer is never reused for someone else.
CREATE TABLE "card_setups" (
	"booking_id" text PRIMARY KEY NOT NULL,
	"person_id" integer REFERENCES "persons"("id") ON DELETE CASCADE,
	"customer_ref" text NOT NULL,
	"session_ref" text,
	"payment_method_ref" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_setups_booking_id_shape" CHECK ("booking_id" ~ '^[A-Za-z0-9_-]{32}$')
);
--> statement-breakpoint
CREATE INDEX "card_setups_updated_idx" ON "card_setups" ("updated_at");
