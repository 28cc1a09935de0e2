CREATE TABLE "intake_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"via" text NOT NULL,
	"action" text NOT NULL,
	"step" text
);
--> statement-breakpoint
CREATE TABLE "intake_card_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"side" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_card_photos_side" UNIQUE("appointment_id","side"),
	CONSTRAINT "intake_card_photos_side_value" CHECK ("intake_card_photos"."side" in ('front', 'back'))
);
--> statement-breakpoint
CREATE TABLE "intakes" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"plan_check" jsonb,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intakes_status" CHECK ("intakes"."status" in ('IN_PROGRESS', 'COMPLETE'))
);
--> statement-breakpoint
ALTER TABLE "intake_audit" ADD CONSTRAINT "intake_audit_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_card_photos" ADD CONSTRAINT "intake_card_photos_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_audit_appointment_idx" ON "intake_audit" USING btree ("appointment_id","at");