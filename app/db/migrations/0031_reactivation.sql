ALTER TABLE "identities" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "reactivation_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "identities_reactivation_requested_idx" ON "identities" USING btree ("reactivation_requested_at") WHERE "identities"."reactivation_requested_at" is not null;--> statement-breakpoint
-- Issue #39 §5: the day a user became inactive, whatever path made them so (an administrator, the
-- daily job, a SCIM connection, a security review, an import); a write may name the moment itself.
-- Active again: no deactivation and no reactivation request.
CREATE OR REPLACE FUNCTION identities_status_stamps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'inactive' THEN
    IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'inactive' THEN
      NEW.deactivated_at := coalesce(NEW.deactivated_at, now());
      NEW.reactivation_requested_at := NULL;
    END IF;
  ELSE
    NEW.deactivated_at := NULL;
    NEW.reactivation_requested_at := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER identities_status_stamps BEFORE INSERT OR UPDATE OF status, deactivated_at, reactivation_requested_at ON identities
  FOR EACH ROW EXECUTE FUNCTION identities_status_stamps();
--> statement-breakpoint
-- Users already inactive: their last edit is the best day known.
UPDATE identities SET deactivated_at = updated_at WHERE status = 'inactive';
