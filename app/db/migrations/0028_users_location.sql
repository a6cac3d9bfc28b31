-- The users list at a million users (issue #37 §4, ADR 42): each identity carries its list
-- location (the preferred location's name, else the first by name) and the names of all its
-- locations, kept by statement triggers, so the location sort walks an index and one trigram
-- index on one column serves the whole search (name, e-mail, job title, location names); and
-- whether it holds a dealer location, the whole scope of an administrator of every location.
ALTER TABLE "identities" ADD COLUMN "location_name" text;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "location_names" text;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "dealer_located" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(job_title, '') || ' ' || coalesce(location_names, ''))) STORED;--> statement-breakpoint
-- Only rows whose names change are written.
CREATE OR REPLACE FUNCTION refresh_location_names(ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE identities i SET location_name = l.name, location_names = l.names, dealer_located = l.dealer
  FROM (
    SELECT u.id,
      (SELECT o.name FROM role_assignments ra JOIN organizations o ON o.id = ra.organization_id
       WHERE ra.identity_id = u.id ORDER BY ra.is_preferred DESC, o.name LIMIT 1) AS name,
      (SELECT string_agg(DISTINCT o.name, ' ' ORDER BY o.name) FROM role_assignments ra
       JOIN organizations o ON o.id = ra.organization_id WHERE ra.identity_id = u.id) AS names,
      EXISTS (SELECT 1 FROM role_assignments ra JOIN organizations o ON o.id = ra.organization_id
       WHERE ra.identity_id = u.id AND o.type <> 'internal') AS dealer
    FROM (SELECT DISTINCT unnest(ids) AS id) u
  ) l
  WHERE i.id = l.id AND (i.location_name, i.location_names, i.dealer_located) IS DISTINCT FROM (l.name, l.names, l.dealer)
$$;
--> statement-breakpoint
-- Statement triggers with transition tables: a bulk import or a seed refreshes its users at once.
CREATE OR REPLACE FUNCTION role_assignments_location_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_location_names(ARRAY(SELECT identity_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_location_names(ARRAY(SELECT identity_id FROM old_rows));
  ELSE
    PERFORM refresh_location_names(ARRAY(SELECT identity_id FROM new_rows UNION SELECT identity_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER role_assignments_location_names_insert AFTER INSERT ON role_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION role_assignments_location_names();
--> statement-breakpoint
CREATE TRIGGER role_assignments_location_names_delete AFTER DELETE ON role_assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION role_assignments_location_names();
--> statement-breakpoint
CREATE TRIGGER role_assignments_location_names_update AFTER UPDATE ON role_assignments
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION role_assignments_location_names();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION organizations_location_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_location_names(ARRAY(
    SELECT ra.identity_id FROM role_assignments ra
    JOIN new_rows n ON n.id = ra.organization_id
    JOIN old_rows o ON o.id = n.id
    WHERE (n.name, n.type) IS DISTINCT FROM (o.name, o.type)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_location_names AFTER UPDATE ON organizations
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organizations_location_names();
--> statement-breakpoint
SELECT refresh_location_names(ARRAY(SELECT DISTINCT identity_id FROM role_assignments));
--> statement-breakpoint
CREATE INDEX "identities_location_sort_idx" ON "identities" USING btree ("location_name","id");
--> statement-breakpoint
-- The status sort's order (active, awaiting verification, inactive), as the list writes it.
CREATE INDEX IF NOT EXISTS "identities_status_sort_idx" ON "identities" (
  (CASE WHEN "status" = 'inactive' THEN 2 WHEN "email_verified_at" IS NULL THEN 1 ELSE 0 END), "id"
);
--> statement-breakpoint
DROP INDEX IF EXISTS "identities_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "identities_search_text_trgm_idx" ON "identities" USING gin ("search_text" gin_trgm_ops);
