/**
 * Issue #36 SCIM Groups, on both databases: a group is a role the connection may assign; adding a
 * member gives the role at the member's locations among the connection's, removing takes it there,
 * a role another administrator gave elsewhere is never touched, and a role the connection may not
 * assign is refused (403).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull, notInArray, sql } from "drizzle-orm";
import { setDatabase, type DatabaseHandle } from "~/db/client.server";
import { auditLog, identities, roleAssignments, securityRoles } from "~/db/schema";
import { editorChoices } from "~/users/editor-choices.server";
import type { Actor } from "~/permissions/actor";
import { createScimUser } from "~/scim/scim-users.server";
import { changeScimGroup, getScimGroup, listScimGroups } from "~/scim/scim-groups.server";
import { USER_SCHEMA } from "~/scim/scim-schemas";
import { BACKENDS, seededDatabase } from "./backends";
import { BASE, patch, scimConnection, scimFailure, type ScimConnection } from "./scim-connection";

describe.each(BACKENDS)("issue #36 SCIM Groups on $name", (backend) => {
  let handle: DatabaseHandle;
  let connection: Actor;
  let milwaukee: number;
  let columbus: number;
  let base: { id: number; displayName: string };
  let extra: { id: number; displayName: string };
  let userId: number;
  let asConnection: ScimConnection["asConnection"];

  const assignments = (id: number) =>
    handle.db
      .select({ role: roleAssignments.securityRoleId, at: roleAssignments.organizationId })
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, id));

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    setDatabase(handle);
    const made = await scimConnection(handle.db, "Entra");
    ({ connection, milwaukee, columbus, asConnection } = made);
    [base, extra] = made.roles;
    const user = await asConnection(() =>
      createScimUser(
        handle.db,
        connection,
        {
          schemas: [USER_SCHEMA],
          userName: "grace.entra@example.com",
          name: { givenName: "Grace", familyName: "Entra" },
        },
        { publicUrl: "http://portal.test", verify: false, base: BASE },
      ),
    );
    userId = Number(user.id);
  });
  afterAll(() => handle.close());

  it("GET /Groups lists the assignable roles; displayName eq finds one, with its members at the connection's locations", async () => {
    const listed = await asConnection(() =>
      listScimGroups(
        handle.db,
        connection,
        {
          filter: `displayName eq "${base.displayName.toUpperCase()}"`,
          startIndex: 1,
          count: 10,
          withMembers: true,
        },
        BASE,
      ),
    );
    expect(listed.total).toBe(1);
    expect(listed.resources[0]).toMatchObject({ id: String(base.id), displayName: base.displayName });
    expect(listed.resources[0].members).toContainEqual(expect.objectContaining({ value: String(userId) }));
  });

  it("adding a member gives the role at the member's locations among the connection's, audited with the client", async () => {
    // A role another administrator gave the user at another location.
    await handle.db
      .insert(roleAssignments)
      .values({ identityId: userId, securityRoleId: base.id, organizationId: columbus });
    await asConnection(() =>
      changeScimGroup(handle.db, connection, extra.id, {
        kind: "patch",
        body: patch({ op: "Add", path: "members", value: [{ value: String(userId) }] }),
      }),
    );
    expect(await assignments(userId)).toEqual(
      expect.arrayContaining([
        { role: extra.id, at: milwaukee },
        { role: base.id, at: milwaukee },
        { role: base.id, at: columbus },
      ]),
    );
    expect(await assignments(userId)).not.toContainEqual({ role: extra.id, at: columbus });
    const audited = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, userId), eq(auditLog.field, "roles"), isNotNull(auditLog.apiClientId)));
    expect(audited.length).toBeGreaterThan(0);
  });

  it("removing a member by members[value eq] takes the role at the connection's locations only; the last one is refused", async () => {
    await asConnection(() =>
      changeScimGroup(handle.db, connection, base.id, {
        kind: "patch",
        body: patch({ op: "remove", path: `members[value eq "${userId}"]` }),
      }),
    );
    const held = await assignments(userId);
    expect(held).not.toContainEqual({ role: base.id, at: milwaukee });
    expect(held).toContainEqual({ role: base.id, at: columbus });
    expect(
      await scimFailure(
        asConnection(() =>
          changeScimGroup(handle.db, connection, extra.id, {
            kind: "patch",
            body: patch({ op: "Remove", path: "members", value: [{ value: String(userId) }] }),
          }),
        ),
      ),
    ).toEqual({ status: 400, scimType: "invalidValue" });
    expect(await assignments(userId)).toContainEqual({ role: extra.id, at: milwaukee });
  });

  it("another dealer's user as a member is invalidValue, changing nothing; a role it may not assign is 403", async () => {
    const [outside] = await handle.db
      .select({ id: identities.id })
      .from(identities)
      .where(
        sql`${identities.id} <> ${connection.identityId}
          and ${identities.id} in (select identity_id from role_assignments where organization_id = ${columbus})
          and ${identities.id} not in (select identity_id from role_assignments where organization_id = ${milwaukee})`,
      );
    const before = await assignments(outside.id);
    expect(
      await scimFailure(
        asConnection(() =>
          changeScimGroup(handle.db, connection, extra.id, {
            kind: "patch",
            body: patch({ op: "add", path: "members", value: [{ value: String(outside.id) }] }),
          }),
        ),
      ),
    ).toEqual({ status: 400, scimType: "invalidValue" });
    expect(await assignments(outside.id)).toEqual(before);
    const assignable = (await editorChoices(handle.db, connection)).roles.map((role) => role.id);
    const [notMine] = await handle.db
      .select({ id: securityRoles.id })
      .from(securityRoles)
      .where(notInArray(securityRoles.id, assignable))
      .limit(1);
    expect(notMine).toBeDefined();
    expect(
      await scimFailure(
        asConnection(() =>
          changeScimGroup(handle.db, connection, notMine.id, {
            kind: "patch",
            body: patch({ op: "add", path: "members", value: [{ value: String(userId) }] }),
          }),
        ),
      ),
    ).toEqual({ status: 403, scimType: undefined });
    expect(await scimFailure(asConnection(() => getScimGroup(handle.db, connection, notMine.id, BASE)))).toEqual({
      status: 404,
      scimType: undefined,
    });
  });

  it("a group's name is the portal's: a replace of displayName with another name is mutability", async () => {
    expect(
      await scimFailure(
        asConnection(() =>
          changeScimGroup(handle.db, connection, extra.id, {
            kind: "patch",
            body: patch({ op: "replace", path: "displayName", value: "Renamed" }),
          }),
        ),
      ),
    ).toEqual({ status: 400, scimType: "mutability" });
  });
});
