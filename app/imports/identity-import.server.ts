import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { identities, organizations, roleAssignments, securityRoles } from "~/db/schema";
import { editorChoices } from "~/users/editor-choices.server";
import { managesUser } from "~/users/scope";
import { columnOf, REQUIRED_IDENTITY_COLUMNS } from "./columns";
import type { ImportFileKind } from "./file-kind";
import {
  duplicateInFile,
  headerProblems,
  identityRowOutcome,
  identityRowProblems,
  type ExistingIdentity,
  type IdentityImportContext,
  type IdentityImportRow,
  type ImportProblem,
} from "./identity-rules";
import { importRows, UnreadableFileError } from "./parse.server";

/** What a dry run found: the problems by row, and what the rows would do. */
export interface DryRunReport {
  rows: number;
  problems: ImportProblem[];
  create: number;
  update: number;
  unchanged: number;
}

/** A file the parser could not read is reported as the spec's wrong type. */
export type DryRunOutcome =
  { kind: "report"; report: DryRunReport; valid: IdentityImportRow[] } | { kind: "unreadable" };

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
  actorId: number,
  kind: ImportFileKind,
  bytes: Uint8Array,
): Promise<DryRunOutcome> {
  const context = await importContext(database, actorId);
  const problems: ImportProblem[] = [];
  const valid: IdentityImportRow[] = [];
  const seen = new Map<string, number>();
  let rows = 0;
  try {
    for await (const item of importRows(kind, bytes, columnOf)) {
      if ("header" in item) {
        problems.push(...headerProblems(item.header, REQUIRED_IDENTITY_COLUMNS));
        if (problems.length > 0) break;
        continue;
      }
      rows += 1;
      const checked = identityRowProblems(item, context);
      const duplicate = duplicateInFile(seen, item.row, item.values.email ?? "");
      problems.push(...checked.problems, ...(duplicate ? [duplicate] : []));
      if (checked.parsed && !duplicate) valid.push(checked.parsed);
    }
  } catch (error) {
    if (error instanceof UnreadableFileError) return { kind: "unreadable" };
    throw error;
  }
  const counts = { create: 0, update: 0, unchanged: 0 };
  const kept: IdentityImportRow[] = [];
  for (let start = 0; start < valid.length; start += LOOKUP_BATCH) {
    const batch = valid.slice(start, start + LOOKUP_BATCH);
    const existing = await existingIdentities(database, batch, context.ownLocationIds);
    for (const row of batch) {
      const found = existing.get(row.contact.email.toLowerCase());
      if (found === "elsewhere") {
        problems.push({ row: row.row, column: "email", message: "imports.errors.emailElsewhere" });
        continue;
      }
      counts[identityRowOutcome(row, found ?? null)] += 1;
      kept.push(row);
    }
  }
  problems.sort((a, b) => a.row - b.row);
  return { kind: "report", report: { rows, problems, ...counts }, valid: kept };
}

/** What rows may name, read once per import. */
async function importContext(database: Executor, actorId: number): Promise<IdentityImportContext> {
  const [choices, locations, roles] = await Promise.all([
    editorChoices(database, actorId),
    database.select({ id: organizations.id }).from(organizations).where(eq(organizations.type, "location")),
    database.select({ id: securityRoles.id, name: securityRoles.name }).from(securityRoles),
  ]);
  const assignable = new Set(choices.roles.map((role) => role.id));
  return {
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
): Promise<Map<string, ExistingIdentity | "elsewhere">> {
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
  const found = new Map<string, ExistingIdentity | "elsewhere">();
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
