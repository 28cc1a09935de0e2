-- API keys (issue 30 C, decision 033): one per integration, scoped to studios, shown once and stored as the
-- SHA-256 of the key (256 random bits: no slow hash needed, found by an indexed equality), revocable, last use kept.
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"studios" text[] NOT NULL,
	"created_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "api_keys_name_length" CHECK (length("api_keys"."name") between 1 and 80),
	CONSTRAINT "api_keys_has_studios" CHECK (cardinality("api_keys"."studios") between 1 and 200)
);
