CREATE TABLE "user_applications" (
	"identity_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	CONSTRAINT "user_applications_identity_id_application_id_pk" PRIMARY KEY("identity_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"identity_id" integer NOT NULL,
	"permission_set_id" integer NOT NULL,
	"security_role_id" integer NOT NULL,
	CONSTRAINT "user_permissions_identity_id_permission_set_id_security_role_id_pk" PRIMARY KEY("identity_id","permission_set_id","security_role_id")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "requires_assignment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_applications" ADD CONSTRAINT "user_applications_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_applications" ADD CONSTRAINT "user_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_set_id_permission_sets_id_fk" FOREIGN KEY ("permission_set_id") REFERENCES "public"."permission_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_security_role_id_security_roles_id_fk" FOREIGN KEY ("security_role_id") REFERENCES "public"."security_roles"("id") ON DELETE cascade ON UPDATE no action;