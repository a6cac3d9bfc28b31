/**
 * Issue #36 SCIM Users, on both databases: a SCIM connection (an API client with the `scim` scope,
 * bound to one location) creates, finds, changes, deactivates and deletes users as the screens do —
 * audited with the client as the actor — and never reaches a user outside its locations.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { setDatabase, type DatabaseHandle } from "~/db/client.server";
import {
  auditLog,
  identities,
  organizations,
  roleAssignments,
  securityRoles,
  sessions,
  verificationTokens,
} from "~/db/schema";
import type { Actor } from "~/permissions/actor";
import { createScimUser, deleteScimUser, getScimUser, listScimUsers, writeScimUser } from "~/scim/scim-users.server";
import { ENTERPRISE_SCHEMA, PORTAL_SCHEMA, USER_SCHEMA } from "~/scim/scim-schemas";
import { BACKENDS, seededDatabase } from "./backends";
import { BASE, patch, scimConnection, scimFailure, type ScimConnection } from "./scim-connection";

const OPTIONS = { publicUrl: "http://portal.test", verify: true, base: BASE };

const newUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA],
  userName,
  name: { givenName: "Sam", familyName: "Okta" },
  emails: [{ value: userName, type: "work", primary: true }],
  active: true,
  ...extra,
});

describe.each(BACKENDS)("issue #36 SCIM Users on $name", (backend) => {
  let handle: DatabaseHandle;
  let connection: Actor;
  let clientId: number;
  let milwaukee: number;
  let columbus: number;
  let role: { id: number; displayName: string };
  let asConnection: ScimConnection["asConnection"];

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    setDatabase(handle);
    const made = await scimConnection(handle.db, "Okta");
    ({ connection, clientId, milwaukee, columbus, asConnection } = made);
    role = made.roles[0];
  });
  afterAll(() => handle.close());

  /** A PATCH of a user as the connection sends it, without If-Match. */
  const patchUser = (id: number, ...operations: unknown[]) =>
    asConnection(() =>
      writeScimUser(handle.db, connection, id, { kind: "patch", body: patch(...operations), ifMatch: null }, BASE),
    );

  it("POST /Users creates the user at the connection's location with its role, audited with the client, verification sent", async () => {
    const made = await asConnection(() =>
      createScimUser(
        handle.db,
        connection,
        newUser("sam.okta@example.com", {
          externalId: "00u1",
          phoneNumbers: [{ value: "+1 414 555 0100", type: "mobile" }],
          [ENTERPRISE_SCHEMA]: { employeeNumber: "E-77" },
        }),
        OPTIONS,
      ),
    );
    expect(made).toMatchObject({
      userName: "sam.okta@example.com",
      externalId: "00u1",
      active: true,
      groups: [{ value: String(role.id), display: role.displayName }],
      phoneNumbers: [{ value: "+1 414 555 0100", type: "mobile" }],
      [ENTERPRISE_SCHEMA]: { employeeNumber: "E-77" },
      [PORTAL_SCHEMA]: { locations: [String(milwaukee)], administrator: false },
      meta: { resourceType: "User", location: `${BASE}/Users/${made.id}` },
    });
    const id = Number(made.id);
    const [row] = await handle.db.select().from(identities).where(eq(identities.id, id));
    expect(row.provisionedBy).toBe(clientId);
    expect(await handle.db.select().from(verificationTokens).where(eq(verificationTokens.identityId, id))).toHaveLength(
      1,
    );
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.entity, "identity")));
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.every((entry) => entry.apiClientId === clientId)).toBe(true);
  });

  it("with an external issuer no verification e-mail goes: the organization's provider vouches for the address", async () => {
    const made = await asConnection(() =>
      createScimUser(handle.db, connection, newUser("vouched@example.com"), { ...OPTIONS, verify: false }),
    );
    const id = Number(made.id);
    expect(await handle.db.select().from(verificationTokens).where(eq(verificationTokens.identityId, id))).toEqual([]);
    const [row] = await handle.db.select().from(identities).where(eq(identities.id, id));
    expect(row.emailVerifiedAt).not.toBeNull();
  });

  it("a taken userName is 409 uniqueness; a location not the connection's is 400 invalidValue", async () => {
    expect(
      await scimFailure(
        asConnection(() => createScimUser(handle.db, connection, newUser("SAM.OKTA@example.com"), OPTIONS)),
      ),
    ).toEqual({ status: 409, scimType: "uniqueness" });
    expect(
      await scimFailure(
        asConnection(() =>
          createScimUser(
            handle.db,
            connection,
            newUser("elsewhere@example.com", { [PORTAL_SCHEMA]: { locations: [String(columbus)] } }),
            OPTIONS,
          ),
        ),
      ),
    ).toEqual({ status: 400, scimType: "invalidValue" });
  });

  it("filters translate to SQL: userName eq (without case), co, and/or/not, a value path, and paging", async () => {
    const list = (filter: string, extra: Partial<{ startIndex: number; count: number }> = {}) =>
      asConnection(() =>
        listScimUsers(
          handle.db,
          connection,
          { filter, startIndex: 1, count: 100, sortOrder: "ascending", ...extra },
          BASE,
        ),
      );
    expect((await list('userName eq "Sam.Okta@Example.com"')).resources.map((r) => r.userName)).toEqual([
      "sam.okta@example.com",
    ]);
    expect((await list('externalId eq "00U1"')).total).toBe(0);
    expect((await list('emails[type eq "work" and value co "sam.okta"]')).total).toBe(1);
    expect((await list('phoneNumbers[type eq "mobile"].value sw "+1 414"')).total).toBe(1);
    expect(
      (await list(`groups eq "${role.id}" and not (userName eq "sam.okta@example.com")`)).resources,
    ).not.toContainEqual(expect.objectContaining({ userName: "sam.okta@example.com" }));
    expect(
      (await list('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber eq "E-77"')).total,
    ).toBe(1);
    const all = await list("active eq true");
    const second = await list("active eq true", { startIndex: 2, count: 1 });
    expect(second.total).toBe(all.total);
    expect(second.resources.map((r) => r.id)).toEqual([all.resources[1]?.id].filter(Boolean));
    expect(await scimFailure(list('userName zz "x"'))).toEqual({ status: 400, scimType: "invalidFilter" });
    expect(await scimFailure(list('password eq "x"'))).toEqual({ status: 400, scimType: "invalidFilter" });
  });

  it('PATCH as Entra sends it: capitalised ops, "False", a path with a filter — and active false deactivates, deprovisioned, every session ended', async () => {
    const [{ id }] = await handle.db
      .select({ id: identities.id })
      .from(identities)
      .where(eq(identities.email, "sam.okta@example.com"));
    await handle.db
      .insert(sessions)
      .values({ id: "scim-session", identityId: id, data: {}, expiresAt: new Date(Date.now() + 3_600_000) });
    const changed = await patchUser(
      id,
      { op: "Replace", path: "name.givenName", value: "Samantha" },
      { op: "Add", path: 'phoneNumbers[type eq "work"].value', value: "+1 414 555 0199" },
      { op: "Replace", path: `${ENTERPRISE_SCHEMA}:employeeNumber`, value: "E-78" },
      { op: "Replace", path: "active", value: "False" },
    );
    expect(changed).toMatchObject({
      name: { givenName: "Samantha" },
      active: false,
      [ENTERPRISE_SCHEMA]: { employeeNumber: "E-78" },
    });
    expect(changed.phoneNumbers).toContainEqual({ value: "+1 414 555 0199", type: "work" });
    const [row] = await handle.db.select().from(identities).where(eq(identities.id, id));
    expect(row).toMatchObject({ status: "inactive", deactivationReason: "deprovisioned", firstName: "Samantha" });
    expect(await handle.db.select().from(sessions).where(eq(sessions.identityId, id))).toEqual([]);
    const fields = (
      await handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), isNotNull(auditLog.apiClientId)))
    ).map((entry) => entry.field);
    expect(fields).toEqual(expect.arrayContaining(["firstName", "employeeNumber", "status"]));
    // Okta's form: replace without a path; active true reactivates.
    const back = await patchUser(id, { op: "replace", value: { active: true } });
    expect(back.active).toBe(true);
  });

  it("If-Match on an older version is 412; a read-only path is mutability; an unknown one invalidPath", async () => {
    const [{ id }] = await handle.db
      .select({ id: identities.id })
      .from(identities)
      .where(eq(identities.email, "sam.okta@example.com"));
    const write = (body: unknown, ifMatch: string | null = null) =>
      asConnection(() => writeScimUser(handle.db, connection, id, { kind: "patch", body, ifMatch }, BASE));
    expect(
      await scimFailure(write(patch({ op: "replace", path: "title", value: "Tech" }), 'W/"2001-01-01T00:00:00.000Z"')),
    ).toEqual({
      status: 412,
      scimType: undefined,
    });
    expect(await scimFailure(write(patch({ op: "replace", path: "groups", value: [] })))).toEqual({
      status: 400,
      scimType: "mutability",
    });
    expect(await scimFailure(write(patch({ op: "replace", path: "favoriteColor", value: "x" })))).toEqual({
      status: 400,
      scimType: "invalidPath",
    });
    expect(
      await scimFailure(write(patch({ op: "replace", path: 'emails[type eq "home"].value', value: "x@y.z" }))),
    ).toEqual({
      status: 400,
      scimType: "noTarget",
    });
    const current = await asConnection(() => getScimUser(handle.db, connection, id, BASE));
    const version = (current!.meta as { version: string }).version;
    const titled = await write(patch({ op: "replace", path: "title", value: "Service technician" }), version);
    expect(titled.title).toBe("Service technician");
  });

  it("another dealer's user is not there: not read, not listed, not changed, not deleted", async () => {
    const [outside] = await handle.db
      .select({ id: identities.id })
      .from(identities)
      .where(
        sql`${identities.id} in (select identity_id from role_assignments where organization_id = ${columbus})
          and ${identities.id} not in (select identity_id from role_assignments where organization_id = ${milwaukee})`,
      );
    expect(outside).toBeDefined();
    const [before] = await handle.db.select().from(identities).where(eq(identities.id, outside.id));
    expect(await asConnection(() => getScimUser(handle.db, connection, outside.id, BASE))).toBeNull();
    const listed = await asConnection(() =>
      listScimUsers(
        handle.db,
        connection,
        { filter: `userName eq "${before.email}"`, startIndex: 1, count: 10, sortOrder: "ascending" },
        BASE,
      ),
    );
    expect(listed.total).toBe(0);
    expect(await scimFailure(patchUser(outside.id, { op: "replace", value: { active: false } }))).toEqual({
      status: 404,
      scimType: undefined,
    });
    expect(await scimFailure(asConnection(() => deleteScimUser(handle.db, connection, outside.id)))).toEqual({
      status: 404,
      scimType: undefined,
    });
    const [after] = await handle.db.select().from(identities).where(eq(identities.id, outside.id));
    expect(after).toEqual(before);
  });

  it("a user another administrator shares keeps their roles and preferred location when a PATCH changes a title", async () => {
    const made = await asConnection(() =>
      createScimUser(handle.db, connection, newUser("shared@example.com"), OPTIONS),
    );
    const id = Number(made.id);
    // Another administrator's role at another location, preferred there.
    const [other] = await handle.db
      .select({ id: securityRoles.id })
      .from(securityRoles)
      .where(ne(securityRoles.id, role.id))
      .limit(1);
    await handle.db.update(roleAssignments).set({ isPreferred: false }).where(eq(roleAssignments.identityId, id));
    await handle.db
      .insert(roleAssignments)
      .values({ identityId: id, securityRoleId: other.id, organizationId: columbus, isPreferred: true });
    const before = await handle.db
      .select()
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, id))
      .orderBy(roleAssignments.organizationId, roleAssignments.securityRoleId);
    const changed = await patchUser(id, { op: "Replace", path: "title", value: "Parts advisor" });
    expect(changed.title).toBe("Parts advisor");
    const after = await handle.db
      .select()
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, id))
      .orderBy(roleAssignments.organizationId, roleAssignments.securityRoleId);
    expect(after).toEqual(before);
    // The enterprise organization is read at the connection's locations only: the other one is not found by it.
    const [elsewhere] = await handle.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, columbus));
    const probe = await asConnection(() =>
      listScimUsers(
        handle.db,
        connection,
        {
          filter: `${ENTERPRISE_SCHEMA}:organization eq "${elsewhere.name}"`,
          startIndex: 1,
          count: 10,
          sortOrder: "ascending",
        },
        BASE,
      ),
    );
    expect(probe.total).toBe(0);
  });

  it("a PATCH of the given name leaves no stale listing name; a user created inactive is deprovisioned at once, without a verification e-mail", async () => {
    const made = await asConnection(() =>
      createScimUser(handle.db, connection, newUser("deprovisioned@example.com", { active: false }), OPTIONS),
    );
    const id = Number(made.id);
    expect(made.active).toBe(false);
    const [row] = await handle.db.select().from(identities).where(eq(identities.id, id));
    expect(row).toMatchObject({ status: "inactive", deactivationReason: "deprovisioned" });
    expect(await handle.db.select().from(verificationTokens).where(eq(verificationTokens.identityId, id))).toEqual([]);
    const renamed = await patchUser(id, { op: "replace", path: "name.givenName", value: "Samuel" });
    expect(renamed.displayName).toBe("Samuel Okta");
    const [saved] = await handle.db.select().from(identities).where(eq(identities.id, id));
    expect(saved.listingName).toBeNull();
  });

  it("a change of the connection's own administrator's status is refused before anything is saved", async () => {
    const [before] = await handle.db.select().from(identities).where(eq(identities.id, connection.identityId));
    expect(
      await scimFailure(
        patchUser(
          connection.identityId,
          { op: "replace", path: "title", value: "Gone" },
          { op: "replace", path: "active", value: false },
        ),
      ),
    ).toEqual({ status: 403, scimType: undefined });
    const [after] = await handle.db.select().from(identities).where(eq(identities.id, connection.identityId));
    expect(after.jobTitle).toBe(before.jobTitle);
  });

  it("filters that name no attribute of the table, ids out of range and moments PostgreSQL cannot hold are refused or match nothing, never a server error", async () => {
    const list = (filter: string, sortBy?: string) =>
      asConnection(() =>
        listScimUsers(
          handle.db,
          connection,
          { filter, startIndex: 1, count: 5, sortOrder: "ascending", ...(sortBy ? { sortBy } : {}) },
          BASE,
        ),
      );
    expect(await scimFailure(list('constructor eq "x"'))).toEqual({ status: 400, scimType: "invalidFilter" });
    expect(await scimFailure(list('__proto__[value eq "x"]'))).toEqual({ status: 400, scimType: "invalidFilter" });
    expect(await scimFailure(list('meta.created gt "0000-01-01T00:00:00Z"'))).toEqual({
      status: 400,
      scimType: "invalidFilter",
    });
    expect(await scimFailure(list("active eq true", "constructor"))).toEqual({ status: 400, scimType: "invalidValue" });
    expect((await list("id eq -99999999999")).total).toBe(0);
    expect((await list("groups eq -99999999999")).total).toBe(0);
  });

  it("DELETE deletes the user as the screen does", async () => {
    const [{ id }] = await handle.db
      .select({ id: identities.id })
      .from(identities)
      .where(eq(identities.email, "sam.okta@example.com"));
    await asConnection(() => deleteScimUser(handle.db, connection, id));
    expect(await handle.db.select().from(identities).where(eq(identities.id, id))).toEqual([]);
  });
});
