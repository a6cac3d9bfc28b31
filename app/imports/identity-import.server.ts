import { and, eq, inArray, sql } from "drizzle-orm";
import { recordAudits, type AuditEntry, type FieldChange } from "~/audit/audit-writer.server";
import type { Database, Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { deliverSoon } from "~/mail/outbox.server";
import { contactColumns, newSerialNumber } from "~/users/save-user.server";
import { queueFirstVerifications } from "~/users/verification.server";
import { identities, organizations, roleAssignments, securityRoles } from "~/db/schema";
import { editorChoices } from "~/users/editor-choices.server";
import { managesUser } from "~/users/scope";
import { selfChangeRefused } from "~/users/self-change";
import { columnOf, IDENTITY_CONTACT_COLUMNS, REQUIRED_IDENTITY_COLUMNS } from "./columns";
import type { ImportFileKind } from "./file-kind";
import { dryRun, type DryRunOutcome } from "./dry-run.server";
import {
  identityRowOutcome,
  identityRowProblems,
  privilegeChanges,
  type ExistingIdentity,
  type IdentityImportContext,
  type IdentityImportRow,
  type ImportProblem,
  type RowOutcome,
} from "./identity-rules";
import { importRows } from "./parse.server";

/** Existing users are looked up this many e-mails at a time. */
const LOOKUP_BATCH = 1000;

/**
 * The identity import's dry run (issue #17 §1): every row checked before anything is written —
 * required fields, e-mail, phones, known locations of the administrator's own, known roles the
 * administrator may assign, e-mails twice in the file or belonging to another dealer's user —
 * and each valid row counted as a create, an update or unchanged (upsert by e-mail). Writes nothing.
 */
export async function dryRunIdentityImport(
  database: Executor,
  actor: Actor,
  kind: ImportFileKind,
  bytes: Uint8Array,
): Promise<DryRunOutcome> {
  const context = await importContext(database, actor);
  return dryRun(importRows(kind, bytes, columnOf), {
    required: REQUIRED_IDENTITY_COLUMNS,
    keyColumn: "email",
    check: (item) => identityRowProblems(item, context),
    classify: (valid) => classifyRows(database, actor.identityId, valid, context.ownLocationIds),
  });
}

/** What a valid row will do, with the user it names when they exist. */
interface RowPlan {
  row: IdentityImportRow;
  outcome: RowOutcome;
  existing?: { id: number } & ExistingIdentity;
}

/**
 * Each valid row's outcome (upsert by e-mail); a user of another dealer's locations is a problem,
 * and so is the administrator's own row changing their access (each such column; issue #30).
 */
async function classifyRows(
  database: Executor,
  actorId: number,
  valid: readonly IdentityImportRow[],
  own: ReadonlySet<number>,
): Promise<{ problems: ImportProblem[]; plans: RowPlan[] }> {
  const problems: ImportProblem[] = [];
  const plans: RowPlan[] = [];
  for (let start = 0; start < valid.length; start += LOOKUP_BATCH) {
    const batch = valid.slice(start, start + LOOKUP_BATCH);
    const existing = await existingIdentities(database, batch, own);
    for (const row of batch) {
      const found = existing.get(row.contact.email.toLowerCase());
      if (found === "elsewhere") {
        problems.push({ row: row.row, column: "email", message: "imports.errors.emailElsewhere" });
        continue;
      }
      const changes = found ? privilegeChanges(row, found) : [];
      if (
        found &&
        selfChangeRefused(
          actorId,
          found.id,
          changes.map((change) => change.field),
        )
      ) {
        for (const change of changes)
          problems.push({ row: row.row, column: change.column, message: "imports.errors.ownPrivileges" });
        continue;
      }
      plans.push({ row, outcome: identityRowOutcome(row, found ?? null), existing: found });
    }
  }
  return { problems, plans };
}

/** What rows may name, read once per import. */
async function importContext(database: Executor, actor: Actor): Promise<IdentityImportContext> {
  // One after another: inside the import's transaction these share one connection.
  const choices = await editorChoices(database, actor);
  const locations = await database
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.type, "location"));
  const roles = await database.select({ id: securityRoles.id, name: securityRoles.name }).from(securityRoles);
  const assignable = new Set(choices.roles.map((role) => role.id));
  const [administrator] = await database
    .select({ language: identities.preferredLanguage })
    .from(identities)
    .where(eq(identities.id, actor.identityId));
  return {
    defaultLanguage: administrator?.language,
    knownLocationIds: new Set(locations.map((l) => l.id)),
    ownLocationIds: new Set(choices.locations.map((l) => l.id)),
    rolesByName: new Map(
      roles.map((role) => [role.name.toLowerCase(), { id: role.id, assignable: assignable.has(role.id) }]),
    ),
  };
}

/**
 * The users the rows name who exist, by lower-case e-mail: as saved at the administrator's
 * locations, or "elsewhere" when none of their locations is the administrator's (not theirs to change).
 */
async function existingIdentities(
  database: Executor,
  rows: readonly IdentityImportRow[],
  own: ReadonlySet<number>,
): Promise<Map<string, ({ id: number } & ExistingIdentity) | "elsewhere">> {
  const emails = rows.map((row) => row.contact.email.toLowerCase());
  const people = await database
    .select({
      id: identities.id,
      email: sql<string>`lower(${identities.email})`,
      firstName: identities.firstName,
      lastName: identities.lastName,
      jobTitle: identities.jobTitle,
      phoneMobile: identities.phoneMobile,
      phoneSecondary: identities.phoneSecondary,
      preferredLanguage: identities.preferredLanguage,
      userType: identities.userType,
      role: identities.role,
    })
    .from(identities)
    .where(inArray(sql`lower(${identities.email})`, emails));
  const assignments = people.length
    ? await database
        .select({
          identityId: roleAssignments.identityId,
          organizationId: roleAssignments.organizationId,
          roleId: roleAssignments.securityRoleId,
          preferred: roleAssignments.isPreferred,
        })
        .from(roleAssignments)
        .where(
          inArray(
            roleAssignments.identityId,
            people.map((p) => p.id),
          ),
        )
    : [];
  const found = new Map<string, ({ id: number } & ExistingIdentity) | "elsewhere">();
  for (const person of people) {
    const held = assignments.filter((a) => a.identityId === person.id);
    if (
      !managesUser(
        [...own],
        held.map((a) => a.organizationId),
      )
    ) {
      found.set(person.email, "elsewhere");
      continue;
    }
    const mine = held.filter((a) => own.has(a.organizationId));
    // The preferred location first (the file's first), the others in any order.
    const locations = [
      ...new Set(
        mine
          .sort((a, b) => Number(b.preferred) - Number(a.preferred) || a.organizationId - b.organizationId)
          .map((a) => a.organizationId),
      ),
    ];
    const { id: _id, email: _email, ...contact } = person;
    found.set(person.email, {
      id: person.id,
      contact: {
        ...contact,
        jobTitle: contact.jobTitle ?? "",
        phoneMobile: contact.phoneMobile ?? "",
        phoneSecondary: contact.phoneSecondary ?? "",
      } as ExistingIdentity["contact"],
      locations,
      roles: [...new Set(mine.map((a) => a.roleId))],
    });
  }
  return found;
}

/** What an import did, row by row: the records created, updated and left unchanged. */
export interface ImportResult {
  created: ImportedRecord[];
  updated: ImportedRecord[];
  unchanged: ImportedRecord[];
}
/** One imported row: its record's id and its key in the file (the e-mail, the organization id). */
export interface ImportedRecord {
  row: number;
  id: number;
  key: string;
}

/**
 * Applies checked rows (issue #17 §2) in one transaction — all or nothing: each row is classified
 * again inside it (upsert by e-mail), new users are created with their roles at each location (the
 * first preferred) and a verification e-mail queued, changed users get their contact data and
 * their roles at the administrator's locations replaced; every change audited. A row that became
 * invalid meanwhile (its e-mail now another dealer's user) fails the whole import.
 */
export async function applyIdentityImport(
  database: Database,
  actor: Actor,
  rows: readonly IdentityImportRow[],
  options: {
    publicUrl: string;
    now?: Date;
    onProgress?: (done: number, total: number) => Promise<void> | void;
    /** Rows classified and written at a time (progress is reported after each). */
    batchSize?: number;
  },
): Promise<ImportResult> {
  const now = options.now ?? new Date();
  const size = options.batchSize ?? LOOKUP_BATCH;
  const actorId = actor.identityId;
  const result = await database.transaction(async (tx) => {
    const context = await importContext(tx, actor);
    const done: ImportResult = { created: [], updated: [], unchanged: [] };
    for (let start = 0; start < rows.length; start += size) {
      const batch = rows.slice(start, start + size);
      const { problems, plans } = await classifyRows(tx, actorId, batch, context.ownLocationIds);
      if (problems.length > 0) throw new ImportConflictError(problems);
      const imported = (plan: RowPlan, id: number) => ({ row: plan.row.row, key: plan.row.contact.email, id });
      const creates = plans.filter((plan) => plan.outcome === "create");
      const ids = await createUsers(
        tx,
        actorId,
        creates.map((plan) => plan.row),
        options.publicUrl,
        now,
      );
      creates.forEach((plan, index) => done.created.push(imported(plan, ids[index])));
      const updates = plans.filter((plan) => plan.outcome === "update");
      await updateUsers(tx, actorId, updates, context.ownLocationIds, now);
      for (const plan of updates) done.updated.push(imported(plan, plan.existing!.id));
      for (const plan of plans)
        if (plan.outcome === "unchanged") done.unchanged.push(imported(plan, plan.existing!.id));
      await options.onProgress?.(Math.min(start + batch.length, rows.length), rows.length);
    }
    return done;
  });
  if (result.created.length > 0) void deliverSoon();
  return result;
}

/** Rows that no longer hold when applied: nothing was written. */
export class ImportConflictError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(`${problems.length} rows no longer valid`);
  }
}

/** Role assignments per statement: 4 parameters each, well below PostgreSQL's 65 535. */
const ASSIGNMENT_INSERT_BATCH = 5000;

async function insertAssignments(tx: Executor, rows: ReturnType<typeof assignmentsOf>) {
  for (let start = 0; start < rows.length; start += ASSIGNMENT_INSERT_BATCH) {
    await tx.insert(roleAssignments).values(rows.slice(start, start + ASSIGNMENT_INSERT_BATCH));
  }
}

/** Creates the rows' users with their roles, audit and verification e-mail; answers their ids in row order. */
async function createUsers(
  tx: Executor,
  actorId: number,
  rows: readonly IdentityImportRow[],
  publicUrl: string,
  now: Date,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const created = await tx
    .insert(identities)
    .values(
      rows.map((row) => ({
        ...contactColumns({
          ...row.contact,
          fax: undefined,
          activeDirectoryUsername: undefined,
          listingName: undefined,
        }),
        serialNumber: newSerialNumber(),
        modifiedBy: actorId,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({
      id: identities.id,
      email: identities.email,
      firstName: identities.firstName,
      lastName: identities.lastName,
      preferredLanguage: identities.preferredLanguage,
    });
  // Matched by e-mail (unique in the file), not by the order RETURNING happens to keep.
  const byEmail = new Map(created.map((user) => [user.email.toLowerCase(), user]));
  const users = rows.map((row) => byEmail.get(row.contact.email.toLowerCase())!);
  await insertAssignments(
    tx,
    rows.flatMap((row, index) => assignmentsOf(users[index].id, row)),
  );
  await recordAudits(
    tx,
    rows.map((row, index) => ({
      entity: "identity",
      entityId: users[index].id,
      operation: "create" as const,
      changes: [
        ...IDENTITY_CONTACT_COLUMNS.flatMap((field) =>
          row.contact[field] ? [{ field, oldValue: null, newValue: String(row.contact[field]) }] : [],
        ),
        { field: "locations", oldValue: null, newValue: row.locations.join(", ") },
        { field: "roles", oldValue: null, newValue: row.roles.join(", ") },
      ],
      actorId,
      at: now,
    })),
  );
  await queueFirstVerifications(tx, users, publicUrl, now);
  return users.map((user) => user.id);
}

/**
 * Writes changed users: contact data one statement each (their values differ), the roles at the
 * administrator's locations replaced and the audit written for all of them at once.
 */
async function updateUsers(
  tx: Executor,
  actorId: number,
  plans: readonly RowPlan[],
  own: ReadonlySet<number>,
  now: Date,
) {
  const audits: AuditEntry[] = [];
  const replaced: RowPlan[] = [];
  for (const plan of plans) {
    const existing = plan.existing!;
    const { contact } = plan.row;
    const changes: FieldChange[] = IDENTITY_CONTACT_COLUMNS.filter((field) => field !== "email")
      .filter((field) => (existing.contact[field] ?? "") !== (contact[field] ?? ""))
      .map((field) => ({
        field,
        oldValue: existing.contact[field] ? String(existing.contact[field]) : null,
        newValue: contact[field] ? String(contact[field]) : null,
      }));
    if (changes.length > 0) {
      await tx
        .update(identities)
        .set({
          firstName: contact.firstName,
          lastName: contact.lastName,
          jobTitle: contact.jobTitle || null,
          phoneMobile: contact.phoneMobile || null,
          phoneSecondary: contact.phoneSecondary || null,
          preferredLanguage: contact.preferredLanguage,
          userType: contact.userType,
          role: contact.role,
          modifiedBy: actorId,
          updatedAt: now,
        })
        .where(eq(identities.id, existing.id));
    }
    const locationsChanged =
      existing.locations[0] !== plan.row.locations[0] ||
      existing.locations.length !== plan.row.locations.length ||
      !existing.locations.every((id) => plan.row.locations.includes(id));
    const rolesChanged =
      existing.roles.length !== plan.row.roles.length || !existing.roles.every((id) => plan.row.roles.includes(id));
    if (locationsChanged || rolesChanged) replaced.push(plan);
    if (locationsChanged)
      changes.push({
        field: "locations",
        oldValue: existing.locations.join(", "),
        newValue: plan.row.locations.join(", "),
      });
    if (rolesChanged)
      changes.push({ field: "roles", oldValue: existing.roles.join(", "), newValue: plan.row.roles.join(", ") });
    audits.push({ entity: "identity", entityId: existing.id, operation: "update", changes, actorId, at: now });
  }
  if (replaced.length > 0) {
    // Only the administrator's locations are replaced; the user's others stay as they are.
    await tx.delete(roleAssignments).where(
      and(
        inArray(
          roleAssignments.identityId,
          replaced.map((plan) => plan.existing!.id),
        ),
        inArray(roleAssignments.organizationId, [...own]),
      ),
    );
    await insertAssignments(
      tx,
      replaced.flatMap((plan) => assignmentsOf(plan.existing!.id, plan.row)),
    );
  }
  await recordAudits(tx, audits);
}

/** Each role at each location, the first location preferred. */
function assignmentsOf(identityId: number, row: IdentityImportRow) {
  return row.locations.flatMap((organizationId, index) =>
    row.roles.map((securityRoleId) => ({ identityId, securityRoleId, organizationId, isPreferred: index === 0 })),
  );
}
