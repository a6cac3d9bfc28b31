ALTER TABLE "organizations" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "address" text;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_external_id_idx" ON "organizations" USING btree ("external_id");