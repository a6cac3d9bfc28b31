import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { applications, auditLog, securityRoles } from "~/db/schema";
import { permissionSetSchema } from "~/permission-sets/schema";
import {
  createPermissionSet,
  deletePermissionSet,
  getPermissionSet,
  listPermissionSets,
  updatePermissionSet,
} from "~/permission-sets/permission-sets.server";
import { deleteSecurityRole } from "~/security-roles/security-roles.server";
import type { Actor } from "~/permissions/actor";
import { BACKENDS, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

describe.each(BACKENDS)("issue #13 permission set service on $name", (backend) => {
  let handle: DatabaseHandle;
  let actor: Actor;
  const roleId = async (name: string) =>
    (await handle.db.select().from(securityRoles).where(eq(securityRoles.name, name)))[0].id;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    actor = await actorOf(handle.db, "admin@example.com");
  });
  afterAll(async () => handle?.close());

  it("creates a required single-choice set of an application, audited per field, and edits it with the stamp", async () => {
    const [app] = await handle.db.select().from(applications).where(eq(applications.name, "VANTOR_TELEMETRY"));
    const input = permissionSetSchema.parse({
      name: "TELEMETRY_ACCESS",
      displayName: "Telemetry access",
      required: "on",
      selectionMode: "single",
      applicationId: String(app.id),
      securityRoles: [String(await roleId("SERVICE_MANAGER")), String(await roleId("DEALER_PRINCIPAL"))],
    });
    const created = await createPermissionSet(handle.db, actor, input);
    expect(created.kind).toBe("created");
    const id = (created as { id: number }).id;
    const record = (await getPermissionSet(handle.db, id))!;
    expect(record).toMatchObject({ required: true, selectionMode: "single", applicationId: app.id });
    expect(record.securityRoles).toEqual(input.securityRoles);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "permissionSet"), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.field).sort()).toEqual([
      "applicationId",
      "displayName",
      "name",
      "required",
      "securityRoles",
      "selectionMode",
    ]);
    const stale = await updatePermissionSet(handle.db, actor, id, { ...input, updatedAt: new Date(0).toISOString() });
    expect(stale.kind).toBe("conflict");
    const saved = await updatePermissionSet(handle.db, actor, id, {
      ...input,
      selectionMode: "multiple",
      updatedAt: record.updatedAt.toISOString(),
    });
    expect(saved).toEqual({ kind: "saved" });
    expect((await getPermissionSet(handle.db, id))!.selectionMode).toBe("multiple");
  });

  it("a set needs at least one role; a taken name, an unknown role or application is refused", async () => {
    expect(
      permissionSetSchema.safeParse({ name: "X", displayName: "X", selectionMode: "single", securityRoles: [] })
        .success,
    ).toBe(false);
    const base = permissionSetSchema.parse({
      name: "DEALER_FUNCTION",
      displayName: "Again",
      selectionMode: "single",
      securityRoles: [String(await roleId("DEALER_STAFF"))],
    });
    expect((await createPermissionSet(handle.db, actor, base)).kind).toBe("duplicateName");
    expect(
      (await createPermissionSet(handle.db, actor, { ...base, name: "NEW_SET", securityRoles: [999_999] })).kind,
    ).toBe("unknownRole");
    expect(
      (await createPermissionSet(handle.db, actor, { ...base, name: "NEW_SET", applicationId: 999_999 })).kind,
    ).toBe("unknownApplication");
  });

  it("a role a set offers cannot be deleted until the set is gone", async () => {
    const created = await createPermissionSet(
      handle.db,
      actor,
      permissionSetSchema.parse({
        name: "AUDIT_ONLY",
        displayName: "Audit only",
        selectionMode: "multiple",
        securityRoles: [String(await roleId("WARRANTY_ADMINISTRATOR"))],
      }),
    );
    const warranty = await roleId("WARRANTY_ADMINISTRATOR");
    expect((await deleteSecurityRole(handle.db, actor, warranty)).kind).toBe("inUse");
    expect(await deletePermissionSet(handle.db, actor, (created as { id: number }).id)).toBe(true);
    // The seeded "Warranty claims" set offers it too.
    expect(await deleteSecurityRole(handle.db, actor, warranty)).toEqual({
      kind: "inUse",
      holders: 0,
      permissionSets: 1,
    });
  });

  it("the list searches name and display name and sorts", async () => {
    const found = await listPermissionSets(handle.db, { query: "access", sortBy: "displayName", sortType: "asc" });
    expect(found.rows.map((r) => r.displayName)).toEqual(["Configurator access", "Telemetry access"]);
    const required = await listPermissionSets(handle.db, { sortBy: "required", sortType: "desc", rowsPerPage: 2 });
    expect(required.rows.every((r) => r.required)).toBe(true);
  });
});
