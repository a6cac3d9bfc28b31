ALTER TABLE "identities" ADD COLUMN "brand_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "region_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Whom an announcement reaches (issue #40 §3, ADR 48): the brands and regions of the organizations
-- where a user holds a role, kept beside the location names by the same statement triggers, so a
-- recall's audience at a million users is one pass over the identities, not two lookups per user.
CREATE OR REPLACE FUNCTION refresh_location_names(ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE identities i SET location_name = l.name, location_names = l.names, dealer_located = l.dealer,
    brand_ids = l.brand_ids, region_codes = l.region_codes
  FROM (
    SELECT u.id,
      (SELECT o.name FROM role_assignments ra JOIN organizations o ON o.id = ra.organization_id
       WHERE ra.identity_id = u.id ORDER BY ra.is_preferred DESC, o.name LIMIT 1) AS name,
      (SELECT string_agg(DISTINCT o.name, ' ' ORDER BY o.name) FROM role_assignments ra
       JOIN organizations o ON o.id = ra.organization_id WHERE ra.identity_id = u.id) AS names,
      EXISTS (SELECT 1 FROM role_assignments ra JOIN organizations o ON o.id = ra.organization_id
       WHERE ra.identity_id = u.id AND o.type <> 'internal') AS dealer,
      coalesce((SELECT array_agg(DISTINCT o.brand_id ORDER BY o.brand_id) FROM role_assignments ra
       JOIN organizations o ON o.id = ra.organization_id WHERE ra.identity_id = u.id AND o.brand_id IS NOT NULL),
       '{}') AS brand_ids,
      coalesce((SELECT array_agg(DISTINCT o.region_code ORDER BY o.region_code) FROM role_assignments ra
       JOIN organizations o ON o.id = ra.organization_id WHERE ra.identity_id = u.id AND o.region_code IS NOT NULL),
       '{}') AS region_codes
    FROM (SELECT DISTINCT unnest(ids) AS id) u
  ) l
  WHERE i.id = l.id AND (i.location_name, i.location_names, i.dealer_located, i.brand_ids, i.region_codes)
    IS DISTINCT FROM (l.name, l.names, l.dealer, l.brand_ids, l.region_codes)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION organizations_location_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_location_names(ARRAY(
    SELECT ra.identity_id FROM role_assignments ra
    JOIN new_rows n ON n.id = ra.organization_id
    JOIN old_rows o ON o.id = n.id
    WHERE (n.name, n.type, n.brand_id, n.region_code) IS DISTINCT FROM (o.name, o.type, o.brand_id, o.region_code)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The names are current: only the brands and regions are new, in one grouping pass (a call of the
-- function above per user takes minutes at a million).
UPDATE identities i SET brand_ids = s.brand_ids, region_codes = s.region_codes
FROM (
  SELECT ra.identity_id,
    coalesce(array_agg(DISTINCT o.brand_id ORDER BY o.brand_id) FILTER (WHERE o.brand_id IS NOT NULL), '{}') AS brand_ids,
    coalesce(array_agg(DISTINCT o.region_code ORDER BY o.region_code) FILTER (WHERE o.region_code IS NOT NULL), '{}') AS region_codes
  FROM role_assignments ra JOIN organizations o ON o.id = ra.organization_id
  GROUP BY ra.identity_id
) s
WHERE i.id = s.identity_id AND (i.brand_ids, i.region_codes) IS DISTINCT FROM (s.brand_ids, s.region_codes);
