CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"region_code" text NOT NULL,
	"brand_id" integer NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"contract_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"contract_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"organization_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"primary_tasks" text[] DEFAULT '{}'::text[] NOT NULL,
	"typical_users" text[] DEFAULT '{}'::text[] NOT NULL,
	"web_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_rules" jsonb,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer NOT NULL,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "organization_type" text DEFAULT 'DEALER' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "contract_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "contract_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_sort_idx" ON "applications" USING btree ("sort_order");