CREATE TABLE "security_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"reviewer_id" integer,
	"organization_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"listed_identity_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"disabled_identity_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "security_reviews" ADD CONSTRAINT "security_reviews_reviewer_id_identities_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_reviews_reviewer_idx" ON "security_reviews" USING btree ("reviewer_id");