ALTER TABLE "api_clients" ADD COLUMN "scim_role_id" integer;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "scim_external_id" text;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "provisioned_by" integer;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_scim_role_id_security_roles_id_fk" FOREIGN KEY ("scim_role_id") REFERENCES "public"."security_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_provisioned_by_api_clients_id_fk" FOREIGN KEY ("provisioned_by") REFERENCES "public"."api_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identities_provisioned_by_idx" ON "identities" USING btree ("provisioned_by");