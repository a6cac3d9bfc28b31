import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import {
  auditLog,
  distributionLists,
  emailSubscriptions,
  identities,
  organizations,
  roleAssignments,
  securityRoles,
} from "~/db/schema";
import { draftOfUser } from "~/users/draft";
import { completeUserEdit, readDraft, writeDraft } from "~/users/drafts.server";
import { editUser } from "~/users/save-user.server";
import { getManagedUser, locationIdsOf } from "~/users/users.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";

describe.each(BACKENDS)("issue #14 §4 edit a user on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let dealerId: number;
  const roleId = async (name: string) =>
    (await handle.db.select().from(securityRoles).where(eq(securityRoles.name, name)))[0].id;
  const current = async () => (await getManagedUser(handle.db, adminId, dealerId))!;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    dealerId = await identityIdOf(handle.db, "dealer@example.com");
  });
  afterAll(async () => handle?.close());

  it("saves contact data and roles in one go, audited old → new, and the draft goes", async () => {
    const user = await current();
    const before = draftOfUser(user);
    const draft = {
      ...before,
      contact: { ...before.contact, jobTitle: "Owner" },
      roles: [...before.roles, await roleId("WARRANTY_ADMINISTRATOR")],
    };
    await writeDraft(handle.db, adminId, dealerId, draft, user.updatedAt.toISOString(), before);
    expect(await completeUserEdit(handle.db, adminId, dealerId)).toEqual({ kind: "saved" });
    const after = await current();
    expect(after.jobTitle).toBe("Owner");
    expect(new Set(after.assignments.map((a) => a.securityRoleId)).has(await roleId("WARRANTY_ADMINISTRATOR"))).toBe(
      true,
    );
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "identity"), eq(auditLog.entityId, String(dealerId)), eq(auditLog.operation, "update")),
      );
    expect(audit.map((a) => [a.field, a.newValue])).toEqual(
      expect.arrayContaining([
        ["jobTitle", "Owner"],
        ["roles", expect.stringContaining("Warranty administrator")],
      ]),
    );
    expect(await readDraft(handle.db, adminId, dealerId)).toBeNull();
  });

  it("a stale draft is merged with the other change and refused once, then saves without losing either", async () => {
    const user = await current();
    const began = draftOfUser(user);
    await writeDraft(
      handle.db,
      adminId,
      dealerId,
      { ...began, contact: { ...began.contact, listingName: "Dana R." } },
      user.updatedAt.toISOString(),
      began,
    );
    // Another save of the user meanwhile.
    await handle.db
      .update(identities)
      .set({ phoneMobile: "+1 555 0199", updatedAt: new Date(Date.now() + 1000) })
      .where(eq(identities.id, dealerId));
    expect(await completeUserEdit(handle.db, adminId, dealerId)).toEqual({ kind: "stale" });
    expect((await current()).listingName ?? null).toBeNull();
    expect(await completeUserEdit(handle.db, adminId, dealerId)).toEqual({ kind: "saved" });
    const after = await handle.db.select().from(identities).where(eq(identities.id, dealerId));
    expect(after[0]).toMatchObject({ listingName: "Dana R.", phoneMobile: "+1 555 0199" });
  });

  it("a role the administrator may not give is refused; another administrator's location stays", async () => {
    const user = await current();
    const before = draftOfUser(user);
    const forged = { ...before, roles: [...before.roles, await roleId("PORTAL_ADMIN")] };
    await writeDraft(handle.db, adminId, dealerId, forged, user.updatedAt.toISOString(), before);
    expect(await completeUserEdit(handle.db, adminId, dealerId)).toEqual({ kind: "forbidden" });

    // The dealer also holds a role at Halden's location, which this administrator does not hold.
    const haldenId = await identityIdOf(handle.db, "halden@example.com");
    const [elsewhere] = await locationIdsOf(handle.db, haldenId);
    await handle.db
      .insert(roleAssignments)
      .values({ identityId: dealerId, securityRoleId: await roleId("DEALER_STAFF"), organizationId: elsewhere });
    const now = await current();
    const began = draftOfUser(now);
    const own = (await locationIdsOf(handle.db, adminId)).find((id) => !began.locations.includes(id))!;
    expect(own).toBeDefined();
    const edited = { ...began, locations: [...began.locations, own] };
    await writeDraft(handle.db, adminId, dealerId, edited, now.updatedAt.toISOString(), began);
    expect(await completeUserEdit(handle.db, adminId, dealerId)).toEqual({ kind: "saved" });
    const kept = await handle.db
      .select()
      .from(roleAssignments)
      .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
      .where(and(eq(roleAssignments.identityId, dealerId), eq(roleAssignments.organizationId, elsewhere)));
    expect(kept.map((row) => row.role_assignments.securityRoleId)).toEqual([await roleId("DEALER_STAFF")]);
    expect((await locationIdsOf(handle.db, dealerId)).sort()).toEqual([...began.locations, own].sort());
  });

  it("the API's change applies a patch over the user with the same checks; a stale stamp changes nothing", async () => {
    const user = await current();
    expect(await editUser(handle.db, adminId, dealerId, { jobTitle: "Principal" }, "2000-01-01T00:00:00.000Z")).toEqual(
      { kind: "stale" },
    );
    expect(
      await editUser(handle.db, adminId, dealerId, { jobTitle: "Principal" }, user.updatedAt.toISOString()),
    ).toEqual({ kind: "saved" });
    expect((await current()).jobTitle).toBe("Principal");
    expect(await editUser(handle.db, adminId, dealerId, { email: "ADMIN@example.com" }, undefined)).toEqual({
      kind: "emailTaken",
    });
    const haldenId = await identityIdOf(handle.db, "halden@example.com");
    expect(await editUser(handle.db, adminId, haldenId, { jobTitle: "x" }, undefined)).toEqual({ kind: "missing" });
  });

  it("email preferences: lists offered at the user's locations are set; another brand's list is refused", async () => {
    const listId = async (code: string) =>
      (await handle.db.select().from(distributionLists).where(eq(distributionLists.code, code)))[0].id;
    const auditorId = await identityIdOf(handle.db, "auditor@example.com");
    const bulletins = await listId("service-bulletins");
    expect(["saved", "unchanged"]).toContain(
      (await editUser(handle.db, adminId, auditorId, { emailLists: [] }, undefined)).kind,
    );
    expect(await editUser(handle.db, adminId, auditorId, { emailLists: [bulletins] }, undefined)).toEqual({
      kind: "saved",
    });
    const rows = await handle.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.identityId, auditorId));
    expect(rows.map((row) => row.distributionListId)).toEqual([bulletins]);
    const halden = await listId("halden-newsletter");
    expect(await editUser(handle.db, adminId, auditorId, { emailLists: [bulletins, halden] }, undefined)).toEqual({
      kind: "forbidden",
    });
  });
});
