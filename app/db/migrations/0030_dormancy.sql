-- Warnings before auto-deactivation, and exemptions from it (issue #39 §4): one row per warning sent
-- for an inactivity period, so a rerun of the daily job sends nothing twice.
CREATE TABLE "dormancy_warnings" (
	"identity_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dormancy_warnings_identity_id_period_start_days_before_pk" PRIMARY KEY("identity_id","period_start","days_before")
);
--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "dormancy_exempt_until" date;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "dormancy_exempt_reason" text;--> statement-breakpoint
ALTER TABLE "dormancy_warnings" ADD CONSTRAINT "dormancy_warnings_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;