-- The audit history at ten million rows (issue #37 §5, ADR 43): every audited record has an
-- integer id, so the history names it as one (joined to users and organizations by their keys).
DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "entity_id" SET DATA TYPE integer USING "entity_id"::integer;--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_changed_on_idx" ON "audit_log" USING btree ("changed_on","id");--> statement-breakpoint
CREATE INDEX "audit_log_changed_by_idx" ON "audit_log" USING btree ("changed_by","id");--> statement-breakpoint
CREATE INDEX "audit_log_operation_idx" ON "audit_log" USING btree ("entity","operation","id");--> statement-breakpoint
CREATE INDEX "audit_log_operation_field_idx" ON "audit_log" USING btree ("entity","operation","field","id");--> statement-breakpoint
CREATE INDEX "audit_log_field_idx" ON "audit_log" USING btree ("entity","field","id");--> statement-breakpoint
-- A column's new type has no statistics: without them the planner walks an index past millions of rows.
ANALYZE "audit_log";--> statement-breakpoint
-- Still append-only (migration 0013), but for retention: a transaction that names the retention
-- (`set local portal.audit_retention_days`, the housekeeping job) may delete the rows older than
-- it, and only those. Every other change, every younger row and TRUNCATE stay refused.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept_days integer := nullif(current_setting('portal.audit_retention_days', true), '')::integer;
BEGIN
  IF TG_OP = 'DELETE' AND kept_days >= 1 AND OLD.changed_on < now() - make_interval(days => kept_days) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
