-- The users list searches names, e-mails, job titles and location names for text anywhere in
-- them (issue #14 §2): trigram indexes serve ILIKE '%text%' at 100 000 users. PGlite ships pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "identities_search_trgm_idx" ON "identities" USING gin (
  (lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("job_title", ''))) gin_trgm_ops
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_name_trgm_idx" ON "organizations" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
-- The list's scope and location column read assignments by location.
CREATE INDEX IF NOT EXISTS "role_assignments_organization_idx" ON "role_assignments" ("organization_id", "identity_id");
--> statement-breakpoint
-- The list's sorts: a page in name, e-mail or last-login order walks an index and stops at its rows.
CREATE INDEX IF NOT EXISTS "identities_name_sort_idx" ON "identities" (lower("last_name"), lower("first_name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "identities_email_sort_idx" ON "identities" (lower("email"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "identities_last_login_idx" ON "identities" ("last_login_at", "id");
--> statement-breakpoint
-- Accounts made before verification existed signed in with a password: they count as verified.
UPDATE "identities" SET "email_verified_at" = "created_at" WHERE "email_verified_at" IS NULL AND "password_hash" IS NOT NULL;
