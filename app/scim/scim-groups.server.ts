/*
 * The SCIM Groups endpoint's service (issue #36): a group is a portal role the connection may
 * assign (assignable-by, as in the user editor), its members the users holding it at the
 * connection's locations. Adding a member gives the role at the member's locations among the
 * connection's; removing takes it there; roles are made and named in the portal, never by SCIM.
 */
import { eq } from "drizzle-orm";
import type { Filter } from "scim2-parse-filter";
import type { Database, Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { securityRoles } from "~/db/schema";
import { ScimError } from "~/api/scim-error";
import { SCIM_MAX_MEMBER_CHANGES } from "~/limits";
import { editorChoices } from "~/users/editor-choices.server";
import { changeRoleMembership, roleMembers, type MembershipOutcome } from "~/users/role-membership.server";
import { elementMatches, patchOperationsOf, patchPathOf, type PatchOperation } from "./patch";
import { GROUP_SCHEMA } from "./scim-schemas";
import { memberOf, type ScimResource } from "./user-resource";
import { parsedFilterOf } from "./user-query.server";

interface Role {
  id: number;
  displayName: string;
}

function groupOf(
  role: Role,
  base: string,
  members?: { id: number; firstName: string; lastName: string }[],
): ScimResource {
  return {
    schemas: [GROUP_SCHEMA],
    id: String(role.id),
    displayName: role.displayName,
    ...(members
      ? {
          members: members.map((member) => ({
            value: String(member.id),
            display: `${member.firstName} ${member.lastName}`,
            $ref: `${base}/Users/${member.id}`,
          })),
        }
      : {}),
    meta: { resourceType: "Group", location: `${base}/Groups/${role.id}` },
  };
}

/** The roles the connection may assign, by name. */
async function assignableRoles(database: Executor, actor: Actor): Promise<Role[]> {
  return (await editorChoices(database, actor)).roles.map((role) => ({ id: role.id, displayName: role.displayName }));
}

/** The assignable role of a group id, or 404 (another role is no group of this connection). */
async function roleOfGroup(database: Executor, actor: Actor, id: number): Promise<Role> {
  const found = (await assignableRoles(database, actor)).find((role) => role.id === id);
  if (!found) throw new ScimError(404, "scim.errors.notFound");
  return found;
}

/** A group filter: on `id` and `displayName` (roles are few: matched over the assignable ones). */
function groupMatches(role: Role, filter: Filter): boolean {
  return elementMatches({ id: String(role.id), displayName: role.displayName }, filter);
}

/** GET /Groups: the assignable roles meeting the filter, with their members unless excluded. */
export async function listScimGroups(
  database: Executor,
  actor: Actor,
  query: { filter?: string; startIndex: number; count: number; withMembers: boolean },
  base: string,
) {
  const filter = query.filter ? parsedFilterOf(query.filter) : undefined;
  const roles = (await assignableRoles(database, actor)).filter((role) => !filter || groupMatches(role, filter));
  const page = roles.slice(query.startIndex - 1, query.startIndex - 1 + query.count);
  const resources = await Promise.all(
    page.map(async (role) =>
      groupOf(role, base, query.withMembers ? await roleMembers(database, actor, role.id) : undefined),
    ),
  );
  return { total: roles.length, resources };
}

export async function getScimGroup(
  database: Executor,
  actor: Actor,
  id: number,
  base: string,
  withMembers = true,
): Promise<ScimResource> {
  const role = await roleOfGroup(database, actor, id);
  return groupOf(role, base, withMembers ? await roleMembers(database, actor, id) : undefined);
}

/** A member reference's user id (`{ value: "12" }`); anything else is invalidValue. */
function memberIdOf(entry: unknown): number {
  const raw = entry && typeof entry === "object" ? memberOf(entry, "value") : entry;
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d{1,10}$/.test(text) || Number(text) > 2_147_483_647)
    throw new ScimError(400, "scim.errors.invalidValue", "invalidValue", { attribute: "members" });
  return Number(text);
}

function memberIdsOf(value: unknown): number[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > SCIM_MAX_MEMBER_CHANGES)
    throw new ScimError(400, "scim.errors.patchCount", "invalidValue", { max: SCIM_MAX_MEMBER_CHANGES });
  return list.map(memberIdOf);
}

/** What a group change asks: members to add and to remove (a replace: both, against the members now). */
export interface MembershipDelta {
  add: Set<number>;
  remove: Set<number>;
}

/**
 * The members a group's PATCH adds and removes, read from its operations in order (Okta's
 * `members[value eq "…"]` removal, Entra's remove with a value list, a replace of all members, an
 * operation without a path naming `members`). `displayName` may only be sent as it is.
 */
export function membershipDeltaOf(operations: PatchOperation[], role: Role, current: () => number[]): MembershipDelta {
  const delta: MembershipDelta = { add: new Set(), remove: new Set() };
  const add = (id: number) => (delta.remove.delete(id), delta.add.add(id));
  const remove = (id: number) => (delta.add.delete(id), delta.remove.add(id));
  const apply = (op: PatchOperation) => {
    if (!op.path) {
      if (op.op === "remove") throw new ScimError(400, "scim.errors.noTarget", "noTarget");
      const value = op.value;
      if (!value || typeof value !== "object" || Array.isArray(value))
        throw new ScimError(400, "scim.errors.invalidValue", "invalidValue", { attribute: "value" });
      for (const [key, inner] of Object.entries(value)) {
        if (["schemas", "id", "meta", "externalid"].includes(key.toLowerCase())) continue;
        apply({ op: op.op, path: key, value: inner });
      }
      return;
    }
    const path = patchPathOf(op.path);
    const attribute = path.attribute?.toLowerCase();
    if (attribute === "displayname" && !path.filter) {
      if (op.op !== "remove" && op.value === role.displayName) return;
      throw new ScimError(400, "scim.errors.mutability", "mutability", { path: op.path.slice(0, 100) });
    }
    if (attribute !== "members" || path.subAttribute)
      throw new ScimError(400, "scim.errors.invalidPath", "invalidPath", { path: op.path.slice(0, 100) });
    if (path.filter) {
      if (op.op !== "remove")
        throw new ScimError(400, "scim.errors.invalidPath", "invalidPath", { path: op.path.slice(0, 100) });
      const filter = path.filter;
      const named = equalityValue(filter);
      const ids = named !== null ? [named] : current().filter((id) => elementMatches({ value: String(id) }, filter));
      ids.forEach(remove);
      return;
    }
    const ids = memberIdsOf(op.value);
    if (op.op === "add") ids.forEach(add);
    else if (op.op === "remove") (op.value === undefined ? current() : ids).forEach(remove);
    else {
      const wanted = new Set(ids);
      current()
        .filter((id) => !wanted.has(id))
        .forEach(remove);
      ids.forEach(add);
    }
  };
  operations.forEach(apply);
  return delta;
}

/** The user id a `value eq "12"` filter names, or null. */
function equalityValue(filter: Filter): number | null {
  if (filter.op !== "eq" || (filter as { attrPath: string }).attrPath.toLowerCase() !== "value") return null;
  return memberIdOf((filter as { compValue: unknown }).compValue);
}

function refusalOf(outcome: MembershipOutcome, userId: number): ScimError | null {
  switch (outcome.kind) {
    case "saved":
    case "unchanged":
      return null;
    case "missing":
      return new ScimError(400, "scim.errors.member", "invalidValue", { id: userId });
    case "lastRole":
      return new ScimError(400, "scim.errors.lastRole", "invalidValue", { id: userId });
    case "self":
      return new ScimError(403, "scim.errors.self");
    case "forbidden":
      return new ScimError(403, "scim.errors.forbidden");
  }
}

/**
 * Changes a group's members (PATCH, or PUT with the whole list): every member changed in one
 * transaction, each as the screens change a user's roles (audited, the user's stamp moved); the
 * first refusal undoes the lot. A role the connection may not assign is 403.
 */
export async function changeScimGroup(
  database: Database,
  actor: Actor,
  id: number,
  change: { kind: "patch" | "replace"; body: unknown },
): Promise<void> {
  const role = (await editorChoices(database, actor)).roles.find((candidate) => candidate.id === id);
  if (!role) {
    // A role of the portal the connection may not assign is refused; an id that is no role at all is not there.
    const exists = await roleExists(database, id);
    throw exists ? new ScimError(403, "scim.errors.forbidden") : new ScimError(404, "scim.errors.notFound");
  }
  const operations: PatchOperation[] =
    change.kind === "patch"
      ? patchOperationsOf(change.body)
      : [
          { op: "replace", path: "displayName", value: memberOf(change.body, "displayName") ?? role.displayName },
          { op: "replace", path: "members", value: memberOf(change.body, "members") ?? [] },
        ];
  const delta = await deltaReadingMembersOnlyIfNeeded(operations, role, async () =>
    (await roleMembers(database, actor, id)).map((member) => member.id),
  );
  if (delta.add.size + delta.remove.size > SCIM_MAX_MEMBER_CHANGES)
    throw new ScimError(400, "scim.errors.patchCount", "invalidValue", { max: SCIM_MAX_MEMBER_CHANGES });
  await database.transaction(async (tx) => {
    const now = new Date();
    for (const [ids, kind] of [
      [delta.add, "grant"],
      [delta.remove, "revoke"],
    ] as const) {
      for (const userId of ids) {
        const refusal = refusalOf(await changeRoleMembership(tx, actor, userId, id, kind, now), userId);
        if (refusal) throw refusal;
      }
    }
  });
}

async function roleExists(database: Executor, id: number): Promise<boolean> {
  const [found] = await database.select({ id: securityRoles.id }).from(securityRoles).where(eq(securityRoles.id, id));
  return Boolean(found);
}

/** Asked for when an operation needs the group's members now (a replace, a remove of all or by another filter). */
const MEMBERS_NEEDED = new Error("members needed");

/**
 * The delta of the operations, reading the group's members only when an operation needs them: an
 * add or a removal by value (what Okta and Entra send) does not, and a role's members grow with
 * every user provisioned.
 */
async function deltaReadingMembersOnlyIfNeeded(
  operations: PatchOperation[],
  role: Role,
  members: () => Promise<number[]>,
): Promise<MembershipDelta> {
  try {
    return membershipDeltaOf(operations, role, () => {
      throw MEMBERS_NEEDED;
    });
  } catch (error) {
    if (error !== MEMBERS_NEEDED) throw error;
  }
  const current = await members();
  return membershipDeltaOf(operations, role, () => current);
}
