-- Issue #40: the network dashboard's figures, refreshed by a job, and every required directory role's staffing (unfilled since when, escalations).
CREATE TABLE "directory_staffing" (
	"organization_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"holder_id" integer,
	"unfilled_since" timestamp with time zone,
	"holder_lost" boolean DEFAULT false NOT NULL,
	"location_notified_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	CONSTRAINT "directory_staffing_organization_id_item_id_pk" PRIMARY KEY("organization_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "network_figures" (
	"level" text NOT NULL,
	"brand_id" integer NOT NULL,
	"region_code" text NOT NULL,
	"dealer_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"never_signed_in" integer DEFAULT 0 NOT NULL,
	"dormant" integer DEFAULT 0 NOT NULL,
	"due_soon" integer DEFAULT 0 NOT NULL,
	"integration_errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "network_figures_level_brand_id_region_code_dealer_id_location_id_pk" PRIMARY KEY("level","brand_id","region_code","dealer_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "network_locations" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"dealer_id" integer,
	"brand_id" integer NOT NULL,
	"region_code" text NOT NULL,
	"required_roles" integer NOT NULL,
	"filled_roles" integer NOT NULL,
	"last_review_at" timestamp with time zone,
	"last_reviewer_id" integer,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_staffing" ADD CONSTRAINT "directory_staffing_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_staffing" ADD CONSTRAINT "directory_staffing_item_id_directory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."directory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_locations" ADD CONSTRAINT "network_locations_location_id_organizations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_staffing_unfilled_idx" ON "directory_staffing" USING btree ("unfilled_since") WHERE "directory_staffing"."holder_id" is null;--> statement-breakpoint
CREATE INDEX "network_locations_scope_idx" ON "network_locations" USING btree ("brand_id","region_code","dealer_id");