import { eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recordAudits, type AuditEntry, type FieldChange } from "~/audit/audit-writer.server";
import type { Database, Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { organizations, regions, roleAssignments } from "~/db/schema";
import { organizationColumnOf, REQUIRED_ORGANIZATION_COLUMNS } from "./columns";
import type { ImportFileKind } from "./file-kind";
import { dryRun, type DryRunOutcome } from "./dry-run.server";
import type { ImportedRecord, ImportResult } from "./identity-import.server";
import { ImportConflictError } from "./identity-import.server";
import type { ImportProblem, RowOutcome } from "./identity-rules";
import {
  organizationRowOutcome,
  organizationRowProblems,
  organizationWithinImportScope,
  type ExistingOrganization,
  type OrganizationImportContext,
  type OrganizationImportRow,
} from "./organization-rules";
import { importRows } from "./parse.server";
import { portalScopeOf } from "~/permissions/admin-levels";

/** A parent organization, joined to its child. */
const parents = alias(organizations, "parent");

/** Organizations are looked up this many ids at a time. */
const LOOKUP_BATCH = 1000;

/**
 * The organization import's dry run (issue #17 §1): every row checked — required fields, id form,
 * type, the administrator's brands, known regions, ids twice in the file, an existing organization
 * of another brand, a parent that is neither a dealer of the file nor an existing dealer — and each
 * valid row counted as a create, an update or unchanged (upsert by organization id). Writes nothing.
 */
export async function dryRunOrganizationImport(
  database: Executor,
  actor: Actor,
  kind: ImportFileKind,
  bytes: Uint8Array,
): Promise<DryRunOutcome<OrganizationImportRow>> {
  const context = await organizationImportContext(database, actor.identityId);
  return dryRun(importRows(kind, bytes, organizationColumnOf), {
    required: REQUIRED_ORGANIZATION_COLUMNS,
    keyColumn: "organizationId",
    check: (item) => organizationRowProblems(item, context),
    classify: (valid) => classifyOrganizations(database, valid, context),
  });
}

/**
 * The importer's portal scope (ADR 29): the brands and regions of the maker's own organizations
 * where they hold a role. A dealer's administrator has none, so every row of theirs is refused.
 */
async function organizationImportContext(database: Executor, actorId: number): Promise<OrganizationImportContext> {
  const held = await database
    .selectDistinct({
      organizationKind: organizations.type,
      brandId: organizations.brandId,
      regionCode: organizations.regionCode,
    })
    .from(roleAssignments)
    .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
    .where(eq(roleAssignments.identityId, actorId));
  const scope = portalScopeOf(held);
  const known = await database.select({ code: regions.code }).from(regions);
  return {
    brandIds: new Set(scope.brandIds),
    regionCodes: new Set(scope.regionCodes),
    knownRegionCodes: new Set(known.map((r) => r.code)),
  };
}

interface OrganizationPlan {
  row: OrganizationImportRow;
  outcome: RowOutcome;
  existing?: { id: number } & ExistingOrganization;
}

type Found = { id: number } & ExistingOrganization;

/** Existing organizations by lower-case organization id, with their parent's organization id. */
async function existingOrganizations(database: Executor, externalIds: readonly string[]): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  for (let start = 0; start < externalIds.length; start += LOOKUP_BATCH) {
    const batch = externalIds.slice(start, start + LOOKUP_BATCH).map((id) => id.toLowerCase());
    const rows = await database
      .select({
        id: organizations.id,
        externalId: organizations.externalId,
        name: organizations.name,
        type: organizations.type,
        brandId: organizations.brandId,
        regionCode: organizations.regionCode,
        address: organizations.address,
        parentExternalId: parents.externalId,
      })
      .from(organizations)
      .leftJoin(parents, eq(parents.id, organizations.parentId))
      .where(inArray(sql`lower(${organizations.externalId})`, batch));
    for (const { externalId, ...organization } of rows) found.set(externalId!.toLowerCase(), organization);
  }
  return found;
}

/**
 * Each valid row's outcome, and the problems only the whole file and the database show: an
 * existing organization of a brand not the administrator's, and a parent that is no dealer.
 */
async function classifyOrganizations(
  database: Executor,
  valid: readonly OrganizationImportRow[],
  context: OrganizationImportContext,
): Promise<{ problems: ImportProblem[]; plans: OrganizationPlan[] }> {
  const ids = [
    ...new Set(valid.flatMap((row) => [row.externalId, ...(row.parentExternalId ? [row.parentExternalId] : [])])),
  ];
  const existing = await existingOrganizations(database, ids);
  const dealersOfFile = new Set(
    valid.filter((row) => row.type === "dealer").map((row) => row.externalId.toLowerCase()),
  );
  const problems: ImportProblem[] = [];
  const plans: OrganizationPlan[] = [];
  for (const row of valid) {
    // Checked again here: a plan is applied later, by then the importer's scope may have changed.
    if (!context.brandIds.has(row.brandId) || !context.regionCodes.has(row.regionCode)) {
      const outside = context.brandIds.has(row.brandId)
        ? { column: "region", message: "imports.errors.regionNotYours", values: { value: row.regionCode } }
        : { column: "brand", message: "imports.errors.brandNotYours", values: { value: row.brandId } };
      problems.push({ row: row.row, ...outside });
      continue;
    }
    const found = existing.get(row.externalId.toLowerCase());
    // Only a dealer or location within the importer's brands and regions may be changed; the
    // maker's own organizations never are.
    if (found && !organizationWithinImportScope(found, context)) {
      problems.push({ row: row.row, column: "organizationId", message: "imports.errors.organizationElsewhere" });
      continue;
    }
    if (row.parentExternalId) {
      const key = row.parentExternalId.toLowerCase();
      const parent = existing.get(key);
      const parentUsable = parent?.type === "dealer" && organizationWithinImportScope(parent, context);
      if (!dealersOfFile.has(key) && !parentUsable) {
        problems.push({
          row: row.row,
          column: "parentId",
          message: "imports.errors.unknownParent",
          values: { value: row.parentExternalId },
        });
        continue;
      }
    }
    plans.push({ row, outcome: organizationRowOutcome(row, found ?? null), existing: found });
  }
  return { problems, plans };
}

/**
 * Applies checked organization rows (issue #17 §2) in one transaction — all or nothing: classified
 * again inside it, new organizations created and changed ones updated (by organization id), then
 * every parent set from the file's ids (a parent may come later in the file); each change audited
 * on the organization (the organization audit view shows it) and pushed downstream.
 */
export async function applyOrganizationImport(
  database: Database,
  actor: Actor,
  rows: readonly OrganizationImportRow[],
  options: { now?: Date; onProgress?: (done: number, total: number) => Promise<void> | void } = {},
): Promise<ImportResult> {
  const now = options.now ?? new Date();
  const actorId = actor.identityId;
  return database.transaction(async (tx) => {
    const context = await organizationImportContext(tx, actorId);
    const { problems, plans } = await classifyOrganizations(tx, rows, context);
    if (problems.length > 0) throw new ImportConflictError(problems);
    const done: ImportResult = { created: [], updated: [], unchanged: [] };
    const idOf = new Map<string, number>();
    const audits: AuditEntry[] = [];
    const record = (plan: OrganizationPlan, id: number): ImportedRecord => ({
      row: plan.row.row,
      id,
      key: plan.row.externalId,
    });
    for (let start = 0; start < plans.length; start += LOOKUP_BATCH) {
      const batch = plans.slice(start, start + LOOKUP_BATCH);
      const creates = batch.filter((plan) => plan.outcome === "create");
      if (creates.length > 0) {
        const created = await tx
          .insert(organizations)
          .values(
            creates.map(({ row }) => ({
              externalId: row.externalId,
              name: row.name,
              type: row.type,
              brandId: row.brandId,
              regionCode: row.regionCode,
              address: row.address,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .returning({ id: organizations.id, externalId: organizations.externalId });
        const byId = new Map(created.map((o) => [o.externalId!.toLowerCase(), o.id]));
        for (const plan of creates) {
          const id = byId.get(plan.row.externalId.toLowerCase())!;
          done.created.push(record(plan, id));
          audits.push({
            entity: "organization",
            entityId: id,
            operation: "create",
            changes: fieldsOf(null, plan.row),
            actorId,
            at: now,
          });
        }
      }
      for (const plan of batch) {
        if (plan.outcome === "create") continue;
        const existing = plan.existing!;
        if (plan.outcome === "unchanged") {
          done.unchanged.push(record(plan, existing.id));
          continue;
        }
        const { row } = plan;
        await tx
          .update(organizations)
          .set({
            name: row.name,
            type: row.type,
            brandId: row.brandId,
            regionCode: row.regionCode,
            address: row.address,
            updatedAt: now,
          })
          .where(eq(organizations.id, existing.id));
        done.updated.push(record(plan, existing.id));
        audits.push({
          entity: "organization",
          entityId: existing.id,
          operation: "update",
          changes: fieldsOf(existing, row),
          actorId,
          at: now,
        });
      }
      await options.onProgress?.(Math.min(start + batch.length, plans.length), plans.length);
    }
    for (const item of [...done.created, ...done.updated, ...done.unchanged]) idOf.set(item.key.toLowerCase(), item.id);
    // Parents by the file's ids: the file's own organizations, or existing dealers.
    const parents = [...new Set(plans.flatMap((plan) => plan.row.parentExternalId ?? []))];
    const existingParents = await existingOrganizations(
      tx,
      parents.filter((id) => !idOf.has(id.toLowerCase())),
    );
    for (const plan of plans) {
      if (plan.outcome === "unchanged") continue;
      const key = plan.row.parentExternalId?.toLowerCase();
      const parentId = key ? (idOf.get(key) ?? existingParents.get(key)?.id ?? null) : null;
      await tx
        .update(organizations)
        .set({ parentId })
        .where(eq(organizations.id, idOf.get(plan.row.externalId.toLowerCase())!));
    }
    await recordAudits(tx, audits);
    return done;
  });
}

/** The audit's field changes of an organization row against what was saved (nothing saved: a create). */
function fieldsOf(before: ExistingOrganization | null, row: OrganizationImportRow): FieldChange[] {
  const fields: [string, string | null, string | null][] = [
    ["externalId", before ? row.externalId : null, row.externalId],
    ["name", before?.name ?? null, row.name],
    ["type", before?.type ?? null, row.type],
    ["brandId", before ? String(before.brandId) : null, String(row.brandId)],
    ["regionCode", before?.regionCode ?? null, row.regionCode],
    ["parent", before?.parentExternalId ?? null, row.parentExternalId],
    ["address", before?.address ?? null, row.address],
  ];
  return fields
    .filter(([, oldValue, newValue]) => (oldValue ?? "") !== (newValue ?? ""))
    .map(([field, oldValue, newValue]) => ({ field, oldValue, newValue }));
}
