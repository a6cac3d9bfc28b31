CREATE TABLE "permission_set_roles" (
	"permission_set_id" integer NOT NULL,
	"security_role_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "permission_set_roles_permission_set_id_security_role_id_pk" PRIMARY KEY("permission_set_id","security_role_id")
);
--> statement-breakpoint
CREATE TABLE "permission_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"selection_mode" text DEFAULT 'multiple' NOT NULL,
	"application_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permission_sets_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "security_role_assigners" (
	"role_id" integer NOT NULL,
	"assigner_id" integer NOT NULL,
	CONSTRAINT "security_role_assigners_role_id_assigner_id_pk" PRIMARY KEY("role_id","assigner_id")
);
--> statement-breakpoint
CREATE TABLE "security_role_children" (
	"parent_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	CONSTRAINT "security_role_children_parent_id_child_id_pk" PRIMARY KEY("parent_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "security_role_relations" (
	"role_id" integer NOT NULL,
	"related_id" integer NOT NULL,
	"relation_name" text NOT NULL,
	CONSTRAINT "security_role_relations_role_id_related_id_relation_name_pk" PRIMARY KEY("role_id","related_id","relation_name")
);
--> statement-breakpoint
ALTER TABLE "security_roles" ADD COLUMN "activities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "security_roles" ADD COLUMN "business_functions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "security_roles" ADD COLUMN "expectations" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "security_roles" ADD COLUMN "feed_id" text;--> statement-breakpoint
ALTER TABLE "security_roles" ADD COLUMN "exclude_from_feeds" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "security_roles" ADD COLUMN "exclude_from_copy_user" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "permission_set_roles" ADD CONSTRAINT "permission_set_roles_permission_set_id_permission_sets_id_fk" FOREIGN KEY ("permission_set_id") REFERENCES "public"."permission_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_set_roles" ADD CONSTRAINT "permission_set_roles_security_role_id_security_roles_id_fk" FOREIGN KEY ("security_role_id") REFERENCES "public"."security_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_sets" ADD CONSTRAINT "permission_sets_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_role_assigners" ADD CONSTRAINT "security_role_assigners_role_id_security_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."security_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_role_assigners" ADD CONSTRAINT "security_role_assigners_assigner_id_security_roles_id_fk" FOREIGN KEY ("assigner_id") REFERENCES "public"."security_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_role_children" ADD CONSTRAINT "security_role_children_parent_id_security_roles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."security_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_role_children" ADD CONSTRAINT "security_role_children_child_id_security_roles_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."security_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_role_relations" ADD CONSTRAINT "security_role_relations_role_id_security_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."security_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_role_relations" ADD CONSTRAINT "security_role_relations_related_id_security_roles_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."security_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_role_children_child_idx" ON "security_role_children" USING btree ("child_id");