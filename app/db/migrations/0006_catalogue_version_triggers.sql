-- Every change to a row of a cached catalogue bumps its version in the same transaction (ADR 14):
-- only rows that really change count, so a refused write changes nothing.
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_versions (name, version) VALUES (TG_ARGV[0], 1)
  ON CONFLICT (name) DO UPDATE SET version = catalogue_versions.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applications_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version('applications');
--> statement-breakpoint
CREATE TRIGGER announcements_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON announcements
  FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version('announcements');
