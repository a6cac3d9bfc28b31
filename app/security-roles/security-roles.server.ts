import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import {
  permissionSetRoles,
  roleAssignments,
  securityRoleAssigners,
  securityRoleChildren,
  securityRoleRelations,
  securityRoles,
} from "~/db/schema";
import { auditedRecord } from "~/audit/audited-record.server";
import { tableList, type ListOptions } from "~/lists/list-reader.server";
import type { SaveOutcome } from "~/forms/save-outcome";
import { usedValues } from "~/forms/used-values";
import type { Actor } from "~/permissions/actor";
import { isPortalWide } from "~/permissions/admin-levels";
import { NO_GRANTS, roleSaveEscalation, type GrantingField } from "./delegation";
import { cycleAfterSave } from "./rules";
import type { NamedRoleNode } from "./feature-grants";
import type { SecurityRoleInput } from "./schema";

export type SecurityRoleRow = typeof securityRoles.$inferSelect;

/** A role with its links to other roles, as the editor and the API show it. */
export interface SecurityRoleRecord extends SecurityRoleRow {
  parents: number[];
  children: number[];
  assignableBy: number[];
  relations: { roleId: number; name: string }[];
}

/** The roles list (the screen, its CSV export, the API): searched by name or display name, by display name first. */
const roleList = tableList(securityRoles, {
  searched: [securityRoles.name, securityRoles.displayName],
  sorts: {
    name: securityRoles.name,
    displayName: sql`lower(${securityRoles.displayName})`,
    updatedAt: securityRoles.updatedAt,
  },
  defaultSort: "displayName",
  id: securityRoles.id,
});

export const SECURITY_ROLE_SORTS = roleList.sortKeys;
export type SecurityRoleSort = (typeof SECURITY_ROLE_SORTS)[number];

export type SecurityRoleListOptions = ListOptions<SecurityRoleSort>;

/** The list's search, sort and page from a URL (the screen, its export and the API read it alike). */
export const securityRoleListOptionsOf = roleList.optionsOf;

/** A page of roles, searched by name or display name. */
export const listSecurityRoles = roleList.page;

/** Every role of the filtered list, in its order (the CSV export). */
export const everyListedSecurityRole = roleList.every;

/** Every role's id, name and display name: the editors' choices (parents, children, sets …). */
export function securityRoleChoices(database: Executor) {
  return database
    .select({ id: securityRoles.id, name: securityRoles.name, displayName: securityRoles.displayName })
    .from(securityRoles)
    .orderBy(asc(sql`lower(${securityRoles.displayName})`));
}

export async function getSecurityRole(database: Executor, id: number): Promise<SecurityRoleRecord | null> {
  const [row] = await database.select().from(securityRoles).where(eq(securityRoles.id, id));
  if (!row) return null;
  const [parents, children, assigners, relations] = await Promise.all([
    database.select().from(securityRoleChildren).where(eq(securityRoleChildren.childId, id)),
    database.select().from(securityRoleChildren).where(eq(securityRoleChildren.parentId, id)),
    database.select().from(securityRoleAssigners).where(eq(securityRoleAssigners.roleId, id)),
    database.select().from(securityRoleRelations).where(eq(securityRoleRelations.roleId, id)),
  ]);
  return {
    ...row,
    parents: parents.map((p) => p.parentId).sort((a, b) => a - b),
    children: children.map((c) => c.childId).sort((a, b) => a - b),
    assignableBy: assigners.map((a) => a.assignerId).sort((a, b) => a - b),
    relations: relations.map((r) => ({ roleId: r.relatedId, name: r.relationName })),
  };
}

/**
 * Why a save did not go ahead, found before anything is written: a taken name, an unknown linked
 * role, a cycle, or a change that would grant more than the editor may (issue #30 §3: see `delegation.ts`).
 */
export type SecurityRoleRefusal =
  | { kind: "duplicateName" }
  | { kind: "unknownRole" }
  | { kind: "cycle"; roles: string[] }
  | { kind: "portalWideOnly"; field: GrantingField }
  | { kind: "featuresNotHeld"; features: string[] }
  | { kind: "childrenGrantNotHeld"; features: string[] }
  | { kind: "parentsSpreadNotHeld"; features: string[] }
  | { kind: "assignableBySelf"; roles: string[] };
export type SecurityRoleCreateOutcome = { kind: "created"; id: number } | SecurityRoleRefusal;
export type SecurityRoleUpdateOutcome = SaveOutcome | SecurityRoleRefusal;
/** Every outcome but success. */
export type SecurityRoleSaveOutcome = Exclude<
  SecurityRoleCreateOutcome | SecurityRoleUpdateOutcome,
  { kind: "saved" | "created" }
>;

const AUDITED_FIELDS = [
  "name",
  "displayName",
  "features",
  "activities",
  "businessFunctions",
  "expectations",
  "assignableBy",
  "parents",
  "children",
  "relations",
  "feedId",
  "excludeFromFeeds",
  "excludeFromCopyUser",
] as const;

function auditedOf(record: Omit<SecurityRoleRecord, "id" | "createdAt" | "updatedAt"> | SecurityRoleInput) {
  return {
    name: record.name,
    displayName: record.displayName,
    features: [...record.features].sort(),
    activities: record.activities,
    businessFunctions: record.businessFunctions,
    expectations: record.expectations,
    assignableBy: [...record.assignableBy].sort((a, b) => a - b),
    parents: [...record.parents].sort((a, b) => a - b),
    children: [...record.children].sort((a, b) => a - b),
    relations: record.relations,
    feedId: record.feedId || null,
    excludeFromFeeds: String(record.excludeFromFeeds),
    excludeFromCopyUser: String(record.excludeFromCopyUser),
  };
}

/** Why a save cannot go ahead before anything is written: an unknown linked role, a taken name, a cycle. */
async function linkRefusal(
  tx: Executor,
  id: number | null,
  input: SecurityRoleInput,
): Promise<SecurityRoleRefusal | null> {
  const linked = [
    ...new Set([...input.parents, ...input.children, ...input.assignableBy, ...input.relations.map((r) => r.roleId)]),
  ];
  const known = linked.length
    ? await tx.select({ id: securityRoles.id }).from(securityRoles).where(inArray(securityRoles.id, linked))
    : [];
  if (known.length !== linked.length) return { kind: "unknownRole" };
  const [taken] = await tx
    .select({ id: securityRoles.id })
    .from(securityRoles)
    .where(eq(securityRoles.name, input.name));
  if (taken && taken.id !== id) return { kind: "duplicateName" };
  const edges = new Map<number, number[]>();
  for (const edge of await tx.select().from(securityRoleChildren))
    edges.set(edge.parentId, [...(edges.get(edge.parentId) ?? []), edge.childId]);
  // A new role has no id yet: 0 stands for it (ids start at 1).
  const cycle = cycleAfterSave(edges, id ?? 0, { parents: input.parents, children: input.children });
  if (!cycle) return null;
  const names = new Map(
    (await tx.select({ id: securityRoles.id, name: securityRoles.displayName }).from(securityRoles)).map((r) => [
      r.id,
      r.name,
    ]),
  );
  return {
    kind: "cycle",
    roles: cycle.map((roleId) => (roleId === (id ?? 0) ? input.displayName : names.get(roleId)!)),
  };
}

/** Every role's own features and children: what the access rules walk. */
export async function roleGraph(tx: Executor): Promise<Map<number, NamedRoleNode>> {
  // One after another: inside a transaction these share one connection.
  const roles = await tx
    .select({ id: securityRoles.id, name: securityRoles.displayName, features: securityRoles.features })
    .from(securityRoles);
  const edges = await tx.select().from(securityRoleChildren);
  return new Map(
    roles.map((role) => [
      role.id,
      {
        id: role.id,
        name: role.name,
        features: role.features,
        children: edges.filter((edge) => edge.parentId === role.id).map((edge) => edge.childId),
      },
    ]),
  );
}

/** The roles assigned to an identity, at any organization. */
export async function heldRoleIds(tx: Executor, identityId: number): Promise<number[]> {
  const held = await tx
    .selectDistinct({ id: roleAssignments.securityRoleId })
    .from(roleAssignments)
    .where(eq(roleAssignments.identityId, identityId));
  return held.map((row) => row.id);
}

/**
 * Why the actor may not save the role so (issue #30 §3): it would grant what they do not hold,
 * or change what it grants without their being portal-wide, or make it assignable by their own role.
 */
async function delegationRefusal(
  tx: Executor,
  actor: Actor,
  id: number | null,
  input: SecurityRoleInput,
): Promise<SecurityRoleRefusal | null> {
  const before = id === null ? null : await getSecurityRole(tx, id);
  const editor = {
    portalWide: isPortalWide(actor.portalScope),
    features: actor.access.features,
    roleIds: await heldRoleIds(tx, actor.identityId),
  };
  const refused = roleSaveEscalation(editor, id ?? 0, before ?? NO_GRANTS, input, await roleGraph(tx));
  if (refused?.kind !== "assignableBySelf") return refused;
  const names = await tx
    .select({ name: securityRoles.displayName })
    .from(securityRoles)
    .where(inArray(securityRoles.id, refused.roleIds))
    .orderBy(asc(sql`lower(${securityRoles.displayName})`));
  return { kind: "assignableBySelf", roles: names.map((row) => row.name) };
}

async function writeLinks(tx: Executor, id: number, input: SecurityRoleInput): Promise<void> {
  await tx
    .delete(securityRoleChildren)
    .where(or(eq(securityRoleChildren.parentId, id), eq(securityRoleChildren.childId, id)));
  await tx.delete(securityRoleAssigners).where(eq(securityRoleAssigners.roleId, id));
  await tx.delete(securityRoleRelations).where(eq(securityRoleRelations.roleId, id));
  const edges = [
    ...input.parents.map((parentId) => ({ parentId, childId: id })),
    ...input.children.map((childId) => ({ parentId: id, childId })),
  ];
  if (edges.length) await tx.insert(securityRoleChildren).values(edges);
  if (input.assignableBy.length)
    await tx.insert(securityRoleAssigners).values(input.assignableBy.map((assignerId) => ({ roleId: id, assignerId })));
  const relations = [...new Map(input.relations.map((r) => [`${r.roleId}:${r.name}`, r])).values()];
  if (relations.length)
    await tx
      .insert(securityRoleRelations)
      .values(relations.map((r) => ({ roleId: id, relatedId: r.roleId, relationName: r.name })));
}

function columnsOf(input: SecurityRoleInput) {
  return {
    name: input.name,
    displayName: input.displayName,
    features: input.features,
    activities: input.activities,
    businessFunctions: input.businessFunctions,
    expectations: input.expectations,
    feedId: input.feedId || null,
    excludeFromFeeds: input.excludeFromFeeds,
    excludeFromCopyUser: input.excludeFromCopyUser,
  };
}

/**
 * How the actor saves roles: their row, their links to other roles, the fields their audit compares;
 * the links checked first, then what the save would grant (issue #30 §3), which a delete does not ask.
 */
const roleRecord = auditedRecord<
  typeof securityRoles,
  SecurityRoleInput,
  ReturnType<typeof auditedOf>,
  SecurityRoleRefusal,
  SecurityRoleInUse
>((actor) => ({
  entity: "securityRole",
  table: securityRoles,
  idColumn: securityRoles.id,
  columns: columnsOf,
  writeLinks,
  refusal: async (tx, id, input) => (await linkRefusal(tx, id, input)) ?? delegationRefusal(tx, actor, id, input),
  deleteRefusal: inUseRefusal,
  stored: async (tx, id) => {
    const role = await getSecurityRole(tx, id);
    return role && auditedOf(role);
  },
  audited: auditedOf,
  fields: AUDITED_FIELDS,
}));

/** Creates a role, unless a link or what it would grant refuses it (then nothing is written). */
export const createSecurityRole = roleRecord.create;

/**
 * Saves an edit when the posted stamp is current and nothing refuses it (a link, or what it would
 * grant); otherwise a conflict or the refusal, and nothing changes.
 */
export const updateSecurityRole = roleRecord.update;

type SecurityRoleInUse = { kind: "inUse"; holders: number; permissionSets: number };
export type SecurityRoleDeleteOutcome = { kind: "deleted" } | { kind: "missing" } | SecurityRoleInUse;

/** A role someone holds or a permission set offers is in use: it says how many do. */
async function inUseRefusal(tx: Executor, id: number): Promise<SecurityRoleInUse | null> {
  const [{ holders }] = await tx
    .select({ holders: sql<number>`count(distinct ${roleAssignments.identityId})::int` })
    .from(roleAssignments)
    .where(eq(roleAssignments.securityRoleId, id));
  const [{ sets }] = await tx
    .select({ sets: sql<number>`count(*)::int` })
    .from(permissionSetRoles)
    .where(eq(permissionSetRoles.securityRoleId, id));
  return holders > 0 || sets > 0 ? { kind: "inUse", holders, permissionSets: sets } : null;
}

/** Deletes a role no one holds and no permission set offers; otherwise says how many do. */
export async function deleteSecurityRole(
  database: Database,
  actor: Actor,
  id: number,
): Promise<SecurityRoleDeleteOutcome> {
  const outcome = await roleRecord.remove(database, actor, id);
  return outcome.kind === "deleted" ? { kind: "deleted" } : outcome;
}

/** A role's writes, as the editor takes them. */
export const securityRoleWrites = {
  create: createSecurityRole,
  update: updateSecurityRole,
  remove: deleteSecurityRole,
};

/** The activities, business functions and expectations roles use: the editor offers them again. */
export async function securityRoleTextOptions(database: Executor) {
  const columns = {
    activities: securityRoles.activities,
    businessFunctions: securityRoles.businessFunctions,
    expectations: securityRoles.expectations,
  };
  const rows = await database.select(columns).from(securityRoles);
  return usedValues(rows, Object.keys(columns) as (keyof typeof columns)[]);
}
