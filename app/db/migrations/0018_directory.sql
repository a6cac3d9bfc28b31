CREATE TABLE "directory_assignments" (
	"item_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"identity_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "directory_assignments_item_id_organization_id_pk" PRIMARY KEY("item_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "directory_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"context" text NOT NULL,
	"brand_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"configuration_id" integer NOT NULL,
	"name" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_review_states" (
	"identity_id" integer NOT NULL,
	"context" text NOT NULL,
	"last_reviewed_at" timestamp with time zone,
	"reminder_closed_at" timestamp with time zone,
	CONSTRAINT "directory_review_states_identity_id_context_pk" PRIMARY KEY("identity_id","context")
);
--> statement-breakpoint
ALTER TABLE "directory_assignments" ADD CONSTRAINT "directory_assignments_item_id_directory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."directory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_assignments" ADD CONSTRAINT "directory_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_assignments" ADD CONSTRAINT "directory_assignments_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_assignments" ADD CONSTRAINT "directory_assignments_updated_by_identities_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_configurations" ADD CONSTRAINT "directory_configurations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_items" ADD CONSTRAINT "directory_items_configuration_id_directory_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."directory_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_review_states" ADD CONSTRAINT "directory_review_states_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_assignments_identity_idx" ON "directory_assignments" USING btree ("identity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_configurations_context_brand_idx" ON "directory_configurations" USING btree ("context","brand_id");--> statement-breakpoint
CREATE INDEX "directory_items_configuration_idx" ON "directory_items" USING btree ("configuration_id");