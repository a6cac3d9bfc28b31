ALTER TABLE "identities" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text;--> statement-breakpoint
-- The user's own time zone is read with the access profile (issue #33): changing it bumps the
-- access version like the other columns of the profile, so the next page shows the new zone.
DROP TRIGGER IF EXISTS identities_access_version ON identities;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER identities_access_version AFTER UPDATE ON identities
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.employee_number, OLD.directory_groups, OLD.required_actions, OLD.status, OLD.user_type, OLD.role, OLD.web_roles, OLD.time_zone)
    IS DISTINCT FROM (NEW.employee_number, NEW.directory_groups, NEW.required_actions, NEW.status, NEW.user_type, NEW.role, NEW.web_roles, NEW.time_zone))
  EXECUTE FUNCTION bump_access_version();
