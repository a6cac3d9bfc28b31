ALTER TABLE "permission_sets" DROP CONSTRAINT "permission_sets_application_id_applications_id_fk";
--> statement-breakpoint
ALTER TABLE "permission_sets" ADD CONSTRAINT "permission_sets_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;