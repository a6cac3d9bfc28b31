import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { applications, auditLog, permissionSets, securityRoles, userApplications, userPermissions } from "~/db/schema";
import { loadAccessProfile } from "~/permissions/access-profile.server";
import { applicationsForUser, targetingSubjectOf } from "~/applications/applications.server";
import { draftOfUser } from "~/users/draft";
import { digitalOffers } from "~/users/digital-offers.server";
import { editUser } from "~/users/save-user.server";
import { editorChoices } from "~/users/editor-choices.server";
import { shownSets } from "~/users/digital-access";
import { getManagedUser } from "~/users/users.server";
import type { Actor } from "~/permissions/actor";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

describe.each(BACKENDS)("issue #14 §4 applications and digital permissions on $name", (backend) => {
  let handle: DatabaseHandle;
  let admin: Actor;
  let dealerId: number;
  const launcherIds = async (identityId: number) => {
    const profile = (await loadAccessProfile(handle.db, identityId))!;
    const seen = await applicationsForUser(
      handle.db,
      targetingSubjectOf({ userType: profile.userType, access: profile.access, profile }),
      "en",
    );
    return seen.map((app) => Number(app.id));
  };
  const choice = async (set: string, role: string) => ({
    set: (await handle.db.select().from(permissionSets).where(eq(permissionSets.name, set)))[0].id,
    roles: [(await handle.db.select().from(securityRoles).where(eq(securityRoles.name, role)))[0].id],
  });

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    admin = await actorOf(handle.db, "admin@example.com");
    dealerId = await identityIdOf(handle.db, "dealer@example.com");
  });
  afterAll(async () => handle?.close());

  it("an application flagged requires assignment shows in the user's launcher only once assigned in the user editor", async () => {
    const [appId] = await launcherIds(dealerId);
    await handle.db.update(applications).set({ requiresAssignment: true }).where(eq(applications.id, appId));
    expect(await launcherIds(dealerId)).not.toContain(appId);

    const dealer = (await getManagedUser(handle.db, admin, dealerId))!;
    const offers = await digitalOffers(handle.db, dealerId, draftOfUser(dealer), "en");
    expect(offers.applications).toContainEqual(expect.objectContaining({ id: appId, requiresAssignment: true }));

    // A change of applications needs a choice in every required set shown (SPEC §5).
    const refused = await editUser(handle.db, admin, dealerId, { applications: [appId] }, undefined);
    expect(refused).toMatchObject({
      kind: "incomplete",
      problems: [
        expect.objectContaining({
          message: "validations.selection",
          names: expect.arrayContaining(["Dealer function"]),
        }),
      ],
    });
    expect(await launcherIds(dealerId)).not.toContain(appId);

    // One role the administrator may assign in each required set the user is shown with the application.
    const assignable = new Set((await editorChoices(handle.db, admin)).roles.map((role) => role.id));
    const permissions = shownSets(offers, [appId])
      .filter((set) => set.required)
      .map((set) => ({ set: set.id, roles: [set.roleIds.find((id) => assignable.has(id))!] }));
    expect(permissions.map((p) => p.set)).toContain((await choice("DEALER_FUNCTION", "DEALER_PRINCIPAL")).set);
    expect(await editUser(handle.db, admin, dealerId, { applications: [appId], permissions }, undefined)).toEqual({
      kind: "saved",
    });
    expect(await launcherIds(dealerId)).toContain(appId);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "identity"), eq(auditLog.entityId, dealerId), eq(auditLog.field, "applications")));
    expect(audit).toHaveLength(1);
    expect(
      (await handle.db.select().from(userPermissions).where(eq(userPermissions.identityId, dealerId))).length,
    ).toBe(permissions.length);
  });

  it("an application the user's access does not offer, or a role the administrator may not assign, is refused", async () => {
    const [elsewhere] = await handle.db.select().from(applications).where(eq(applications.brandId, 5));
    await handle.db.update(applications).set({ requiresAssignment: true }).where(eq(applications.id, elsewhere.id));
    const before = await handle.db.select().from(userApplications).where(eq(userApplications.identityId, dealerId));
    expect(await editUser(handle.db, admin, dealerId, { applications: [elsewhere.id] }, undefined)).toEqual({
      kind: "forbidden",
    });
    const forged = [await choice("DEALER_FUNCTION", "PORTAL_ADMIN")].map((c) => ({ ...c }));
    expect(await editUser(handle.db, admin, dealerId, { permissions: forged }, undefined)).toEqual({
      kind: "forbidden",
    });
    expect(await handle.db.select().from(userApplications).where(eq(userApplications.identityId, dealerId))).toEqual(
      before,
    );
  });
});
