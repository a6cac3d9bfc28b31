import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { applications, permissionSetRoles, permissionSets, securityRoles } from "~/db/schema";
import { auditedRecord, recordWrites } from "~/audit/audited-record.server";
import { tableList, type ListOptions } from "~/lists/list-reader.server";
import type { SaveOutcome } from "~/forms/save-outcome";
import type { Actor } from "~/permissions/actor";
import { isPortalWide } from "~/permissions/admin-levels";
import { roleGraph } from "~/security-roles/security-roles.server";
import { setRolesEscalation } from "./rules";
import type { PermissionSetInput } from "./schema";

export type PermissionSetRow = typeof permissionSets.$inferSelect;

export interface PermissionSetRecord extends PermissionSetRow {
  /** The roles it offers, in its order. */
  securityRoles: number[];
}

/** The permission sets list (the screen, its CSV export, the API): searched by name or display name, by display name first. */
const setList = tableList(permissionSets, {
  searched: [permissionSets.name, permissionSets.displayName],
  sorts: {
    name: permissionSets.name,
    displayName: sql`lower(${permissionSets.displayName})`,
    required: permissionSets.required,
    selectionMode: permissionSets.selectionMode,
  },
  defaultSort: "displayName",
  id: permissionSets.id,
});

export const PERMISSION_SET_SORTS = setList.sortKeys;
export type PermissionSetSort = (typeof PERMISSION_SET_SORTS)[number];

export type PermissionSetListOptions = ListOptions<PermissionSetSort>;

/** The list's search, sort and page from a URL (the screen, its export and the API read it alike). */
export const permissionSetListOptionsOf = setList.optionsOf;

/** A page of permission sets, searched by name or display name. */
export const listPermissionSets = setList.page;

/** Every set of the filtered list, in its order (the CSV export). */
export const everyListedPermissionSet = setList.every;

export async function getPermissionSet(database: Executor, id: number): Promise<PermissionSetRecord | null> {
  const [row] = await database.select().from(permissionSets).where(eq(permissionSets.id, id));
  if (!row) return null;
  const offered = await database
    .select({ roleId: permissionSetRoles.securityRoleId })
    .from(permissionSetRoles)
    .where(eq(permissionSetRoles.permissionSetId, id))
    .orderBy(asc(permissionSetRoles.sortOrder));
  return { ...row, securityRoles: offered.map((o) => o.roleId) };
}

/**
 * Why a save did not go ahead, found before anything is written: a taken name, an unknown role or
 * application, or roles the editor may not offer (issue #30 §3: `setRolesEscalation`).
 */
export type PermissionSetRefusal =
  | { kind: "duplicateName" }
  | { kind: "unknownRole" }
  | { kind: "unknownApplication" }
  | { kind: "portalWideOnly" }
  | { kind: "rolesGrantNotHeld"; features: string[] };
export type PermissionSetCreateOutcome = { kind: "created"; id: number } | PermissionSetRefusal;
export type PermissionSetUpdateOutcome = SaveOutcome | PermissionSetRefusal;
/** Every outcome but success. */
export type PermissionSetSaveOutcome = Exclude<
  PermissionSetCreateOutcome | PermissionSetUpdateOutcome,
  { kind: "saved" | "created" }
>;

const AUDITED_FIELDS = ["name", "displayName", "required", "selectionMode", "applicationId", "securityRoles"] as const;

function auditedOf(record: Pick<PermissionSetRecord, (typeof AUDITED_FIELDS)[number]>) {
  return {
    name: record.name,
    displayName: record.displayName,
    required: String(record.required),
    selectionMode: record.selectionMode,
    applicationId: record.applicationId === null ? null : String(record.applicationId),
    securityRoles: record.securityRoles,
  };
}

async function refusal(
  tx: Executor,
  id: number | null,
  input: PermissionSetInput,
): Promise<PermissionSetRefusal | null> {
  const known = await tx
    .select({ id: securityRoles.id })
    .from(securityRoles)
    .where(inArray(securityRoles.id, input.securityRoles));
  if (known.length !== input.securityRoles.length) return { kind: "unknownRole" };
  if (input.applicationId !== null) {
    const [app] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.id, input.applicationId));
    if (!app) return { kind: "unknownApplication" };
  }
  const [taken] = await tx
    .select({ id: permissionSets.id })
    .from(permissionSets)
    .where(eq(permissionSets.name, input.name));
  return taken && taken.id !== id ? { kind: "duplicateName" } : null;
}

/** Why the actor may not give the set these roles: they are not portal-wide, or a role added grants what they lack. */
async function delegationRefusal(
  tx: Executor,
  actor: Actor,
  id: number | null,
  input: PermissionSetInput,
): Promise<PermissionSetRefusal | null> {
  const before = id === null ? null : await getPermissionSet(tx, id);
  const editor = { portalWide: isPortalWide(actor.portalScope), features: actor.access.features };
  return setRolesEscalation(editor, before?.securityRoles ?? [], input.securityRoles, await roleGraph(tx));
}

function columnsOf(input: PermissionSetInput) {
  return {
    name: input.name,
    displayName: input.displayName,
    required: input.required,
    selectionMode: input.selectionMode,
    applicationId: input.applicationId,
  };
}

async function writeRoles(tx: Executor, id: number, roles: readonly number[]): Promise<void> {
  await tx.delete(permissionSetRoles).where(eq(permissionSetRoles.permissionSetId, id));
  await tx
    .insert(permissionSetRoles)
    .values(roles.map((securityRoleId, sortOrder) => ({ permissionSetId: id, securityRoleId, sortOrder })));
}

/**
 * How the actor saves sets: their row, their roles in their order, the fields their audit compares;
 * the links checked first, then the roles the actor may offer (issue #30 §3), which a delete does not ask.
 */
const setRecord = auditedRecord<
  typeof permissionSets,
  PermissionSetInput,
  ReturnType<typeof auditedOf>,
  PermissionSetRefusal
>((actor) => ({
  entity: "permissionSet",
  table: permissionSets,
  idColumn: permissionSets.id,
  columns: columnsOf,
  writeLinks: (tx, id, input) => writeRoles(tx, id, input.securityRoles),
  refusal: async (tx, id, input) => (await refusal(tx, id, input)) ?? delegationRefusal(tx, actor, id, input),
  stored: async (tx, id) => {
    const set = await getPermissionSet(tx, id);
    return set && auditedOf(set);
  },
  audited: auditedOf,
  fields: AUDITED_FIELDS,
}));

/** Creates a set, unless a link or the roles it would offer refuse it (then nothing is written). */
export const createPermissionSet = setRecord.create;

/** Saves an edit when the posted stamp is current and nothing refuses it; otherwise a conflict or the refusal, and nothing changes. */
export const updatePermissionSet = setRecord.update;

/** Deletes a set; false when there is none (nothing changes). */
export const deletePermissionSet = recordWrites(setRecord).remove;

/** A set's writes, as the editor takes them. */
export const permissionSetWrites = {
  create: createPermissionSet,
  update: updatePermissionSet,
  remove: deletePermissionSet,
};
