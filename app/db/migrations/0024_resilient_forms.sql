CREATE TABLE "form_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer,
	"location" text
);
--> statement-breakpoint
CREATE TABLE "form_rescues" (
	"id" serial PRIMARY KEY NOT NULL,
	"identity_id" integer NOT NULL,
	"path" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_rescues" ADD CONSTRAINT "form_rescues_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_keys_created_idx" ON "form_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "form_rescues_identity_idx" ON "form_rescues" USING btree ("identity_id","path");