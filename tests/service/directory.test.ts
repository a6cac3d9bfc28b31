import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import {
  auditLog,
  directoryAssignments,
  directoryConfigurations,
  directoryItems,
  identities,
  organizations,
} from "~/db/schema";
import { loadAccessData } from "~/permissions/access-profile.server";
import {
  closeDirectoryReminder,
  directoryLocations,
  directoryReviewStateOf,
  markDirectoryReviewed,
  saveDirectorySelections,
  searchDirectoryPeople,
} from "~/directory/directory.server";
import { requiresAttention } from "~/directory/rules";
import { actorOfId } from "./actor-of";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";

describe.each(BACKENDS)("issue #16 §4 directory data on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let dealerId: number;
  let auditorId: number;
  let haldenId: number;
  let columbus: number;
  let halden: number;
  let contacts: number;
  let singular: number;
  const item: Record<string, number> = {};

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    dealerId = await identityIdOf(handle.db, "dealer@example.com");
    auditorId = await identityIdOf(handle.db, "auditor@example.com");
    haldenId = await identityIdOf(handle.db, "halden@example.com");
    const locationNamed = async (name: string) =>
      (await handle.db.select().from(organizations).where(eq(organizations.name, name)))[0].id;
    columbus = await locationNamed("Prairie Equipment – Columbus");
    halden = await locationNamed("Nordic Halden – Göteborg");
    // The demo's directories of the first brand, with Columbus's required roles held.
    const configurations = await handle.db.select().from(directoryConfigurations);
    contacts = configurations.find((c) => c.context === "DEALER_LOCATION" && c.brandId === 1)!.id;
    singular = configurations.find((c) => c.context === "SINGULAR_ROLES" && c.brandId === 1)!.id;
    const items = await handle.db.select({ id: directoryItems.id, name: directoryItems.name }).from(directoryItems);
    for (const row of items) item[row.name] = row.id;
  });
  afterAll(async () => handle?.close());

  it("lists the admin's locations of the asked brands with the context's roles in order and their holders", async () => {
    const locations = await directoryLocations(handle.db, await actorOfId(handle.db, adminId), "DEALER_LOCATION", [1]);
    expect(locations.map((l) => l.id)).toEqual([columbus]);
    expect(locations[0].configurations).toHaveLength(1);
    expect(locations[0].configurations[0].id).toBe(contacts);
    expect(locations[0].configurations[0].items.map((i) => [i.name, i.required, i.identity?.email ?? null])).toEqual([
      ["SALES_CONTACT", true, "dealer@example.com"],
      ["SERVICE_CONTACT", true, "admin@example.com"],
      ["PARTS_CONTACT", true, "auditor@example.com"],
      ["WARRANTY_CONTACT", false, null],
    ]);
    // Every required role is held: an optional one left empty needs nothing.
    expect(requiresAttention(locations[0])).toBe(false);
    // A brand without a configuration of the context, and another dealer's location, show nothing.
    expect(await directoryLocations(handle.db, await actorOfId(handle.db, adminId), "DEALER_LOCATION", [2])).toEqual(
      [],
    );
    expect(
      await directoryLocations(handle.db, await actorOfId(handle.db, haldenId), "DEALER_LOCATION", [1, 3]),
    ).toEqual([]);
  });

  it("SPEC §4 required actions: directoryReview while a location lacks a required contact until skipped (90 days); singularRolesReview until the next sign-in", async () => {
    const directorId = await identityIdOf(handle.db, "directory@example.com");
    const singularId = await identityIdOf(handle.db, "singular@example.com");
    const actionsOf = async (id: number) => (await loadAccessData(handle.db, id))!.requiredActions;
    expect(await actionsOf(directorId)).toEqual(["directoryReview"]);
    expect(await actionsOf(singularId)).toEqual(["singularRolesReview"]);
    // The other demo administrators' locations have every required role held.
    expect(await actionsOf(adminId)).toEqual([]);
    expect(await actionsOf(dealerId)).toEqual([]);
    // The director's review lists the two locations needing attention.
    const review = (
      await directoryLocations(handle.db, await actorOfId(handle.db, directorId), "DEALER_LOCATION", [1])
    ).filter(requiresAttention);
    expect(review.map((l) => l.locationName)).toEqual([
      "Great Plains Equipment – Lincoln",
      "Great Plains Equipment – Wichita",
    ]);
    await closeDirectoryReminder(handle.db, await actorOfId(handle.db, directorId), "DEALER_LOCATION");
    expect(await actionsOf(directorId)).toEqual([]);
    const signedIn = (at: number) =>
      handle.db
        .update(identities)
        .set({ lastLoginAt: new Date(at) })
        .where(eq(identities.id, singularId));
    await signedIn(Date.now() - 60_000);
    await closeDirectoryReminder(handle.db, await actorOfId(handle.db, singularId), "SINGULAR_ROLES");
    expect(await actionsOf(singularId)).toEqual([]);
    await signedIn(Date.now() + 1_000);
    expect(await actionsOf(singularId)).toEqual(["singularRolesReview"]);
  });

  it("the person search finds active users of that location by name or e-mail, sorted by label, only at the admin's locations", async () => {
    const found = await searchDirectoryPeople(handle.db, await actorOfId(handle.db, adminId), {
      orgId: columbus,
      text: "dana",
    });
    expect(found.map((p) => p.email)).toEqual(["dealer@example.com"]);
    expect(
      await searchDirectoryPeople(handle.db, await actorOfId(handle.db, adminId), { orgId: columbus, text: "   " }),
    ).toEqual([]);
    expect(
      await searchDirectoryPeople(handle.db, await actorOfId(handle.db, adminId), { orgId: halden, text: "hugo" }),
    ).toEqual([]);
    const many = await searchDirectoryPeople(handle.db, await actorOfId(handle.db, adminId), {
      orgId: columbus,
      text: "@example.com",
      limit: 3,
    });
    expect(many).toHaveLength(3);
    const labels = many.map((p) => `${p.firstName} ${p.lastName} - ${p.email}`);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    // Wildcards in the text are taken literally.
    expect(
      await searchDirectoryPeople(handle.db, await actorOfId(handle.db, adminId), { orgId: columbus, text: "%" }),
    ).toEqual([]);
  });

  it("saving a location's choices assigns the chosen people, drops the placeholder 0 and audits the change", async () => {
    const [dealer] = await handle.db.select().from(identities).where(eq(identities.id, dealerId));
    const outcome = await saveDirectorySelections(handle.db, await actorOfId(handle.db, adminId), "DEALER_LOCATION", {
      directoryDataConfigurationId: contacts,
      organizationId: columbus,
      selections: [
        // SPEC §3 save payload: with the person's serial number, as the dropdown's option carries it.
        { directoryDataTypeId: item.WARRANTY_CONTACT, identityId: dealerId, serialNumber: dealer.serialNumber },
        { directoryDataTypeId: item.SERVICE_CONTACT, identityId: 0 },
      ],
    });
    expect(outcome).toEqual({ kind: "saved", changed: 1 });
    const [location] = await directoryLocations(handle.db, await actorOfId(handle.db, adminId), "DEALER_LOCATION", [1]);
    const warranty = location.configurations[0].items.find((i) => i.name === "WARRANTY_CONTACT")!;
    expect(warranty.identity?.email).toBe("dealer@example.com");
    // The placeholder changed nothing: the service contact is still the admin.
    expect(location.configurations[0].items.find((i) => i.name === "SERVICE_CONTACT")!.identity?.email).toBe(
      "admin@example.com",
    );
    const audited = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "organization"), eq(auditLog.field, "directory:WARRANTY_CONTACT")));
    expect(audited.map((a) => [a.entityId, a.oldValue, a.newValue, a.changedBy])).toEqual([
      [columbus, null, "dealer@example.com", adminId],
    ]);
  });

  it("a person from elsewhere, a role of another configuration, or a location not the admin's changes nothing", async () => {
    const save = async (organizationId: number, directoryDataTypeId: number, identityId: number) =>
      saveDirectorySelections(handle.db, await actorOfId(handle.db, adminId), "DEALER_LOCATION", {
        directoryDataConfigurationId: contacts,
        organizationId,
        selections: [{ directoryDataTypeId, identityId }],
      });
    expect(await save(columbus, item.SERVICE_CONTACT, haldenId)).toEqual({ kind: "invalid" });
    expect(await save(columbus, item.WARRANTY_SIGNATORY, auditorId)).toEqual({ kind: "invalid" });
    expect(await save(halden, item.SERVICE_CONTACT, haldenId)).toEqual({ kind: "missing" });
    // SPEC §3 save payload: a selection's serial number must be its person's.
    const withSerial = async (serialNumber: string) =>
      saveDirectorySelections(handle.db, await actorOfId(handle.db, adminId), "DEALER_LOCATION", {
        directoryDataConfigurationId: contacts,
        organizationId: columbus,
        selections: [{ directoryDataTypeId: item.SERVICE_CONTACT, identityId: dealerId, serialNumber }],
      });
    expect(await withSerial("SN-NOT-DANA")).toEqual({ kind: "invalid" });
    const wrongContext = await saveDirectorySelections(
      handle.db,
      await actorOfId(handle.db, adminId),
      "SINGULAR_ROLES",
      {
        directoryDataConfigurationId: contacts,
        organizationId: columbus,
        selections: [],
      },
    );
    expect(wrongContext).toEqual({ kind: "missing" });
    const held = await handle.db
      .select()
      .from(directoryAssignments)
      .where(eq(directoryAssignments.organizationId, columbus));
    const holderOf = (id: number) => held.find((h) => h.itemId === id)?.identityId;
    expect(holderOf(item.SERVICE_CONTACT)).toBe(adminId);
    expect(holderOf(item.WARRANTY_SIGNATORY)).toBe(adminId);
  });

  it("SPEC §2 a singular permission belongs to one user per location: giving it to another moves it", async () => {
    const give = async (identityId: number) =>
      saveDirectorySelections(handle.db, await actorOfId(handle.db, adminId), "SINGULAR_ROLES", {
        directoryDataConfigurationId: singular,
        organizationId: columbus,
        selections: [{ directoryDataTypeId: item.WARRANTY_SIGNATORY, identityId }],
      });
    expect(await give(dealerId)).toEqual({ kind: "saved", changed: 1 });
    expect(await give(auditorId)).toEqual({ kind: "saved", changed: 1 });
    expect(await give(auditorId)).toEqual({ kind: "saved", changed: 0 });
    const holders = await handle.db
      .select()
      .from(directoryAssignments)
      .where(
        and(
          eq(directoryAssignments.itemId, item.WARRANTY_SIGNATORY),
          eq(directoryAssignments.organizationId, columbus),
        ),
      );
    expect(holders.map((h) => h.identityId)).toEqual([auditorId]);
    // The database itself refuses a second holder.
    await expect(
      handle.db
        .insert(directoryAssignments)
        .values({ itemId: item.WARRANTY_SIGNATORY, organizationId: columbus, identityId: dealerId }),
    ).rejects.toThrow();
  });

  it("the last review date is kept per administrator and context", async () => {
    const at = new Date("2026-11-23T12:00:00Z");
    expect(await directoryReviewStateOf(handle.db, await actorOfId(handle.db, adminId), "DEALER_LOCATION")).toEqual({
      lastReviewedAt: null,
      reminderClosedAt: null,
    });
    await markDirectoryReviewed(handle.db, await actorOfId(handle.db, adminId), "DEALER_LOCATION", at);
    await markDirectoryReviewed(handle.db, await actorOfId(handle.db, adminId), "DEALER_LOCATION", at);
    expect(
      (
        await directoryReviewStateOf(handle.db, await actorOfId(handle.db, adminId), "DEALER_LOCATION")
      ).lastReviewedAt?.toISOString(),
    ).toBe(at.toISOString());
    expect(
      (await directoryReviewStateOf(handle.db, await actorOfId(handle.db, adminId), "SINGULAR_ROLES")).lastReviewedAt,
    ).toBeNull();
  });
});
