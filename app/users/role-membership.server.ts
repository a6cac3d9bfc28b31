/*
 * One role given to or taken from a user at the administrator's own locations (issue #36: a SCIM
 * group's member added or removed). Unlike the editor, which saves every role at every chosen
 * location, this touches that role only: a role another administrator gave at another location is
 * never touched, and none of the user's other roles spreads to new locations.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { identities, roleAssignments, securityRoles } from "~/db/schema";
import { recordAudit } from "~/audit/audit-writer.server";
import { locationIdsOf } from "~/permissions/dealer-locations.server";
import { editorChoices } from "./editor-choices.server";
import { selfChangeRefused } from "./self-change";

export type MembershipOutcome =
  | { kind: "saved" }
  | { kind: "unchanged" }
  | { kind: "missing" }
  /** A role the administrator may not assign. */
  | { kind: "forbidden" }
  /** The user would hold no role at the administrator's locations (they would vanish from them): deactivate instead. */
  | { kind: "lastRole" }
  | { kind: "self" };

/** The roles a user holds anywhere, by name in order: the audit's "roles" value, as the editor writes it. */
async function roleNamesOf(tx: Executor, userId: number): Promise<string | null> {
  const rows = await tx
    .selectDistinct({ name: securityRoles.displayName })
    .from(roleAssignments)
    .innerJoin(securityRoles, eq(securityRoles.id, roleAssignments.securityRoleId))
    .where(eq(roleAssignments.identityId, userId))
    .orderBy(asc(securityRoles.displayName));
  return rows.length ? rows.map((row) => row.name).join(", ") : null;
}

/** Whether the actor may give or take the role (assignable-by, as in the editor). */
export async function roleAssignableBy(database: Executor, actor: Actor, roleId: number): Promise<boolean> {
  return (await editorChoices(database, actor)).roles.some((role) => role.id === roleId);
}

/**
 * Gives (`grant`) or takes (`revoke`) one role at the user's locations among the administrator's
 * own, in the caller's transaction: audited as the editor audits roles, the user's edit stamp moved.
 * `assignable`: checked once by the caller for a change of many members.
 */
export async function changeRoleMembership(
  tx: Executor,
  actor: Actor,
  userId: number,
  roleId: number,
  change: "grant" | "revoke",
  now = new Date(),
): Promise<MembershipOutcome> {
  if (selfChangeRefused(actor.identityId, userId, ["roles"])) return { kind: "self" };
  const own = await locationIdsOf(tx, actor.identityId);
  if (own.length === 0) return { kind: "missing" };
  const [locked] = await tx
    .select({ id: identities.id })
    .from(identities)
    .where(eq(identities.id, userId))
    .for("update");
  if (!locked) return { kind: "missing" };
  const held = await tx
    .select()
    .from(roleAssignments)
    .where(and(eq(roleAssignments.identityId, userId), inArray(roleAssignments.organizationId, own)));
  if (held.length === 0) return { kind: "missing" };
  const locations = [...new Set(held.map((row) => row.organizationId))];
  const preferred = new Set(held.filter((row) => row.isPreferred).map((row) => row.organizationId));
  const before = await roleNamesOf(tx, userId);
  if (change === "grant") {
    const missing = locations.filter(
      (organizationId) => !held.some((row) => row.organizationId === organizationId && row.securityRoleId === roleId),
    );
    if (missing.length === 0) return { kind: "unchanged" };
    await tx.insert(roleAssignments).values(
      missing.map((organizationId) => ({
        identityId: userId,
        securityRoleId: roleId,
        organizationId,
        isPreferred: preferred.has(organizationId),
      })),
    );
  } else {
    if (!held.some((row) => row.securityRoleId === roleId)) return { kind: "unchanged" };
    if (held.every((row) => row.securityRoleId === roleId)) return { kind: "lastRole" };
    await tx
      .delete(roleAssignments)
      .where(
        and(
          eq(roleAssignments.identityId, userId),
          eq(roleAssignments.securityRoleId, roleId),
          inArray(roleAssignments.organizationId, own),
        ),
      );
  }
  const after = await roleNamesOf(tx, userId);
  await tx.update(identities).set({ modifiedBy: actor.identityId, updatedAt: now }).where(eq(identities.id, userId));
  if (before !== after) {
    await recordAudit(tx, {
      entity: "identity",
      entityId: userId,
      operation: "update",
      changes: [{ field: "roles", oldValue: before, newValue: after }],
      actorId: actor.identityId,
      at: now,
    });
  }
  return { kind: "saved" };
}

/** `changeRoleMembership` in a transaction of its own. */
export function changeRoleMembershipNow(
  database: Database,
  actor: Actor,
  userId: number,
  roleId: number,
  change: "grant" | "revoke",
): Promise<MembershipOutcome> {
  return database.transaction((tx) => changeRoleMembership(tx, actor, userId, roleId, change));
}

/** The users holding a role at the administrator's locations: a group's members. */
export async function roleMembers(
  database: Executor,
  actor: Actor,
  roleId: number,
): Promise<{ id: number; firstName: string; lastName: string }[]> {
  const own = await locationIdsOf(database, actor.identityId);
  if (own.length === 0) return [];
  return database
    .selectDistinct({ id: identities.id, firstName: identities.firstName, lastName: identities.lastName })
    .from(roleAssignments)
    .innerJoin(identities, eq(identities.id, roleAssignments.identityId))
    .where(and(eq(roleAssignments.securityRoleId, roleId), inArray(roleAssignments.organizationId, own)))
    .orderBy(asc(identities.id));
}
