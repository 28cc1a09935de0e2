-- Payments (issue 32, decision 035): the Stripe Customer of an account and the cards it saved (id, brand, last 4 and
-- expiry only: never a number or CVC), the late-cancel fee of a visit and its charge, refunds, and Stripe's events
-- handled once each (the event id is the key, inserted in the transaction of its effect). Amounts: integer cents, USD.
CREATE TABLE "payment_customers" (
	"person_id" integer PRIMARY KEY NOT NULL REFERENCES "persons"("id") ON DELETE CASCADE,
	"customer_ref" text NOT NULL UNIQUE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL REFERENCES "persons"("id") ON DELETE CASCADE,
	"customer_ref" text NOT NULL,
	"payment_method_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cards_once" UNIQUE("person_id","payment_method_ref"),
	CONSTRAINT "saved_cards_shape" CHECK ("last4" ~ '^[0-9]{4}$' AND "exp_month" BETWEEN 1 AND 12 AND "exp_year" BETWEEN 2000 AND 2100)
);
--> statement-breakpoint
CREATE TABLE "visit_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL UNIQUE REFERENCES "appointments"("id"),
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text,
	"payment_method_ref" text NOT NULL,
	"charge_key" text NOT NULL UNIQUE,
	"payment_ref" text UNIQUE,
	"failure_code" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"pay_token_hash" text UNIQUE,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_fees_amount" CHECK ("amount_cents" > 0 AND "currency" = 'usd'),
	CONSTRAINT "visit_fees_status" CHECK ("status" IN ('due', 'charging', 'failed', 'paid')),
	CONSTRAINT "visit_fees_provider" CHECK ("provider" IN ('local', 'stripe')),
	CONSTRAINT "visit_fees_refunded" CHECK ("refunded_cents" >= 0 AND "refunded_cents" <= "amount_cents"),
	CONSTRAINT "visit_fees_paid_shape" CHECK (("status" = 'paid') = ("paid_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "visit_fees_to_charge_idx" ON "visit_fees" ("next_attempt_at") WHERE "status" IN ('due', 'charging');
--> statement-breakpoint
CREATE TABLE "fee_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"fee_id" integer NOT NULL REFERENCES "visit_fees"("id"),
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refund_ref" text UNIQUE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_refunds_amount" CHECK ("amount_cents" > 0),
	CONSTRAINT "fee_refunds_reason" CHECK (length("reason") BETWEEN 1 AND 500),
	CONSTRAINT "fee_refunds_status" CHECK ("status" IN ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "fee_refunds_fee_idx" ON "fee_refunds" ("fee_id");
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
