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
import { draftOfUser, type UserDraft } from "~/users/draft";
import { completeUserEdit, discardDraft, readDraft, writeDraft } from "~/users/drafts.server";
import { saveEditorTab } from "~/users/editor-action.server";
import { editorChoices } from "~/users/editor-choices.server";
import { userRefusalReply } from "~/users/api-replies.server";
import { editUser, type UserPatch } from "~/users/save-user.server";
import { getManagedUser } from "~/users/users.server";
import { locationIdsOf } from "~/permissions/dealer-locations.server";
import type { Actor } from "~/permissions/actor";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

describe.each(BACKENDS)("issue #14 §4 edit a user on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let admin: Actor;
  let dealerId: number;
  const roleId = async (name: string) =>
    (await handle.db.select().from(securityRoles).where(eq(securityRoles.name, name)))[0].id;
  const current = async () => (await getManagedUser(handle.db, admin, dealerId))!;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    admin = await actorOf(handle.db, "admin@example.com");
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
    await writeDraft(handle.db, admin, dealerId, draft, user.updatedAt.toISOString(), before);
    expect(await completeUserEdit(handle.db, admin, dealerId)).toEqual({ kind: "saved" });
    const after = await current();
    expect(after.jobTitle).toBe("Owner");
    expect(new Set(after.assignments.map((a) => a.securityRoleId)).has(await roleId("WARRANTY_ADMINISTRATOR"))).toBe(
      true,
    );
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "identity"), eq(auditLog.entityId, dealerId), eq(auditLog.operation, "update")));
    expect(audit.map((a) => [a.field, a.newValue])).toEqual(
      expect.arrayContaining([
        ["jobTitle", "Owner"],
        ["roles", expect.stringContaining("Warranty administrator")],
      ]),
    );
    expect(await readDraft(handle.db, admin, dealerId)).toBeNull();
  });

  it("a stale draft is merged with the other change and refused once, then saves without losing either", async () => {
    const user = await current();
    const began = draftOfUser(user);
    await writeDraft(
      handle.db,
      admin,
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
    expect(await completeUserEdit(handle.db, admin, dealerId)).toEqual({ kind: "stale" });
    expect((await current()).listingName ?? null).toBeNull();
    expect(await completeUserEdit(handle.db, admin, dealerId)).toEqual({ kind: "saved" });
    const after = await handle.db.select().from(identities).where(eq(identities.id, dealerId));
    expect(after[0]).toMatchObject({ listingName: "Dana R.", phoneMobile: "+1 555 0199" });
  });

  it("a role the administrator may not give is refused; another administrator's location stays", async () => {
    const user = await current();
    const before = draftOfUser(user);
    const forged = { ...before, roles: [...before.roles, await roleId("PORTAL_ADMIN")] };
    await writeDraft(handle.db, admin, dealerId, forged, user.updatedAt.toISOString(), before);
    expect(await completeUserEdit(handle.db, admin, dealerId)).toEqual({ kind: "forbidden" });

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
    await writeDraft(handle.db, admin, dealerId, edited, now.updatedAt.toISOString(), began);
    expect(await completeUserEdit(handle.db, admin, dealerId)).toEqual({ kind: "saved" });
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
    expect(await editUser(handle.db, admin, dealerId, { jobTitle: "Principal" }, "2000-01-01T00:00:00.000Z")).toEqual({
      kind: "stale",
    });
    expect(await editUser(handle.db, admin, dealerId, { jobTitle: "Principal" }, user.updatedAt.toISOString())).toEqual(
      { kind: "saved" },
    );
    expect((await current()).jobTitle).toBe("Principal");
    expect(await editUser(handle.db, admin, dealerId, { email: "ADMIN@example.com" }, undefined)).toEqual({
      kind: "emailTaken",
    });
    const haldenId = await identityIdOf(handle.db, "halden@example.com");
    expect(await editUser(handle.db, admin, haldenId, { jobTitle: "x" }, undefined)).toEqual({ kind: "missing" });
  });

  it("email preferences: lists offered at the user's locations are set; another brand's list is refused", async () => {
    const listId = async (code: string) =>
      (await handle.db.select().from(distributionLists).where(eq(distributionLists.code, code)))[0].id;
    const auditorId = await identityIdOf(handle.db, "auditor@example.com");
    const bulletins = await listId("service-bulletins");
    expect(["saved", "unchanged"]).toContain(
      (await editUser(handle.db, admin, auditorId, { emailLists: [] }, undefined)).kind,
    );
    expect(await editUser(handle.db, admin, auditorId, { emailLists: [bulletins] }, undefined)).toEqual({
      kind: "saved",
    });
    const rows = await handle.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.identityId, auditorId));
    expect(rows.map((row) => row.distributionListId)).toEqual([bulletins]);
    const halden = await listId("halden-newsletter");
    expect(await editUser(handle.db, admin, auditorId, { emailLists: [bulletins, halden] }, undefined)).toEqual({
      kind: "forbidden",
    });
  });
});

describe.each(BACKENDS)("issue #30 one's own account in the user editor and the API on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let admin: Actor;
  const own = async () => (await getManagedUser(handle.db, admin, adminId))!;
  /** A role the administrator may give and does not hold yet. */
  const newRole = async () => {
    const held = new Set(draftOfUser(await own()).roles);
    return (await editorChoices(handle.db, admin)).roles.find((role) => !held.has(role.id))!.id;
  };
  /** One tab's post on the administrator's own account, as the editor's action makes it. */
  const postTab = async (tab: "contact" | "roles" | "locations", fields: [string, string][]) => {
    const user = await own();
    const before = draftOfUser(user);
    const formData = new FormData();
    for (const [name, value] of fields) formData.append(name, value);
    return saveEditorTab(handle.db, admin, {
      formData,
      tab,
      subjectId: adminId,
      before,
      draft: before,
      baseStamp: user.updatedAt.toISOString(),
      began: before,
      choices: await editorChoices(handle.db, admin),
    });
  };
  const contactFields = (contact: UserDraft["contact"]): [string, string][] =>
    Object.entries(contact).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]));

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    admin = await actorOf(handle.db, "admin@example.com");
  });
  afterAll(async () => handle?.close());

  it("SPEC #30 an administrator cannot change their own roles, locations, user type, kind or status through the API", async () => {
    const saved = await own();
    const stamp = saved.updatedAt.toISOString();
    const patches: UserPatch[] = [
      { userType: saved.userType === "internal" ? "external" : "internal" },
      { role: "regular" },
      { roles: [...draftOfUser(saved).roles, await newRole()] },
      { locations: [...saved.locations.map((location) => location.id)].reverse() },
      { locations: [saved.locations[0].id] },
      { jobTitle: "Head of administration", userType: "internal" },
    ];
    for (const patch of patches)
      expect(await editUser(handle.db, admin, adminId, patch, stamp)).toEqual({ kind: "self" });
    const after = await own();
    expect(after).toMatchObject({
      userType: saved.userType,
      role: saved.role,
      jobTitle: saved.jobTitle,
      updatedAt: saved.updatedAt,
    });
    expect(after.assignments).toEqual(saved.assignments);
    expect(after.locations).toEqual(saved.locations);
    // The API's answer: 403 with the screen's message, in the caller's language.
    const reply = userRefusalReply({ kind: "self" }, "de");
    expect(reply.status).toBe(403);
    expect(((await reply.json()) as { error: { message: string } }).error.message).toMatch(/Benutzertyp/);
  });

  it("SPEC #30 an administrator cannot change their own roles, locations, user type or kind in the user editor: tab posts and Complete are refused", async () => {
    const saved = await own();
    expect(
      await postTab(
        "roles",
        [...draftOfUser(saved).roles, await newRole()].map((id) => ["roles", String(id)]),
      ),
    ).toEqual({ kind: "self" });
    expect(await postTab("locations", [["locations", String(saved.locations[0].id)]])).toEqual({ kind: "self" });
    const contact = draftOfUser(saved).contact;
    expect(await postTab("contact", contactFields({ ...contact, role: "regular" }))).toEqual({ kind: "self" });
    expect(await readDraft(handle.db, admin, adminId)).toBeNull();
    // A draft that changes the administrator's own roles (filed before this rule, say) does not complete.
    const before = draftOfUser(saved);
    await writeDraft(
      handle.db,
      admin,
      adminId,
      { ...before, roles: [...before.roles, await newRole()] },
      saved.updatedAt.toISOString(),
      before,
    );
    expect(await completeUserEdit(handle.db, admin, adminId)).toEqual({ kind: "self" });
    expect((await own()).assignments).toEqual(saved.assignments);
    await discardDraft(handle.db, admin, adminId);
  });

  it("SPEC #30 an administrator still edits their own contact data; Save and continue passes over the read-only tabs", async () => {
    const saved = await own();
    const contact = draftOfUser(saved).contact;
    expect(await postTab("contact", contactFields({ ...contact, jobTitle: "Head of administration" }))).toMatchObject({
      kind: "saved",
      next: "emails",
    });
    expect(await completeUserEdit(handle.db, admin, adminId)).toEqual({ kind: "saved" });
    expect((await own()).jobTitle).toBe("Head of administration");
    expect(await editUser(handle.db, admin, adminId, { phoneMobile: "+1 555 0142" }, undefined)).toEqual({
      kind: "saved",
    });
    const after = await own();
    expect(after.phoneMobile).toBe("+1 555 0142");
    expect(after.assignments).toEqual(saved.assignments);
  });
});
