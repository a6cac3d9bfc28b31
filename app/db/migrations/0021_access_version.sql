-- The access version (ADR 26): every change to what an access profile is built from bumps the
-- catalogue_versions row 'access', so a process may keep a session's profile while it holds.
-- The bump runs at commit (deferred constraint triggers) and once per transaction, so a long
-- transaction (a bulk import) holds the version row's lock only for the moment of its commit
-- and sign-ins never wait behind it.
CREATE OR REPLACE FUNCTION bump_access_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.access_version_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('portal.access_version_bumped', 'on', true);
  INSERT INTO catalogue_versions (name, version) VALUES ('access', 1)
  ON CONFLICT (name) DO UPDATE SET version = catalogue_versions.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An identity's own columns of the profile; its sign-in time and contact details do not count,
-- and a new identity has no session yet.
CREATE CONSTRAINT TRIGGER identities_access_version AFTER UPDATE ON identities
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.employee_number, OLD.directory_groups, OLD.required_actions, OLD.status, OLD.user_type, OLD.role, OLD.web_roles)
    IS DISTINCT FROM (NEW.employee_number, NEW.directory_groups, NEW.required_actions, NEW.status, NEW.user_type, NEW.role, NEW.web_roles))
  EXECUTE FUNCTION bump_access_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER identities_deleted_access_version AFTER DELETE ON identities
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_applications_access_version AFTER INSERT OR UPDATE OR DELETE ON user_applications
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER role_assignments_access_version AFTER INSERT OR UPDATE OR DELETE ON role_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER organizations_access_version AFTER INSERT OR UPDATE OR DELETE ON organizations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER brands_access_version AFTER INSERT OR UPDATE OR DELETE ON brands
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER security_roles_access_version AFTER INSERT OR UPDATE OR DELETE ON security_roles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER security_role_children_access_version AFTER INSERT OR UPDATE OR DELETE ON security_role_children
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER directory_configurations_access_version AFTER INSERT OR UPDATE OR DELETE ON directory_configurations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER directory_items_access_version AFTER INSERT OR UPDATE OR DELETE ON directory_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER directory_assignments_access_version AFTER INSERT OR UPDATE OR DELETE ON directory_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER directory_review_states_access_version AFTER INSERT OR UPDATE OR DELETE ON directory_review_states
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER security_reviews_access_version AFTER INSERT OR UPDATE OR DELETE ON security_reviews
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_version();
