import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { applications, auditLog, identities } from "~/db/schema";
import { loadAccessProfile } from "~/permissions/access-profile.server";
import {
  applicationsForUser,
  createApplication,
  deleteApplication,
  editStamp,
  getApplication,
  listApplications,
  everyListedApplication,
  moveApplication,
  reorder,
  targetingSubjectOf,
  updateApplication,
} from "~/applications/applications.server";
import { applicationSchema, type ApplicationInput } from "~/applications/schema";
import { BACKENDS, seededDatabase } from "./backends";

const input = (overrides: Partial<ApplicationInput> = {}): ApplicationInput =>
  applicationSchema.parse({
    name: "TEST_APP",
    displayName: "Test App",
    link: "https://test.example.com",
    regionCode: "NA",
    brandId: 1,
    ...overrides,
  });

describe("reorder", () => {
  it("moves up, down and to the top, and leaves unknown ids alone", () => {
    expect(reorder([1, 2, 3], 3, "up")).toEqual([1, 3, 2]);
    expect(reorder([1, 2, 3], 1, "down")).toEqual([2, 1, 3]);
    expect(reorder([1, 2, 3], 3, "top")).toEqual([3, 1, 2]);
    expect(reorder([1, 2, 3], 1, "up")).toEqual([1, 2, 3]);
    expect(reorder([1, 2, 3], 9, "top")).toEqual([1, 2, 3]);
  });
  it("in a searched list, up and down pass the neighbour the admin sees", () => {
    // Global order 1..6; the search shows 2, 4, 6.
    expect(reorder([1, 2, 3, 4, 5, 6], 2, "down", [2, 4, 6])).toEqual([1, 3, 4, 2, 5, 6]);
    expect(reorder([1, 2, 3, 4, 5, 6], 6, "up", [2, 4, 6])).toEqual([1, 2, 3, 6, 4, 5]);
    expect(reorder([1, 2, 3, 4, 5, 6], 6, "down", [2, 4, 6])).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe.each(BACKENDS)("applications on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  const launcherOf = async (email: string, locale = "en") => {
    const [row] = await handle.db.select({ id: identities.id }).from(identities).where(eq(identities.email, email));
    const profile = (await loadAccessProfile(handle.db, row.id))!;
    return applicationsForUser(
      handle.db,
      targetingSubjectOf({ userType: profile.userType, access: profile.access, profile }),
      locale,
    );
  };

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    [{ id: adminId }] = await handle.db
      .select({ id: identities.id })
      .from(identities)
      .where(eq(identities.email, "admin@example.com"));
  });
  afterAll(async () => handle?.close());

  it("the dealer sees brand 1 in NA only, without targeted ones", async () => {
    const names = (await launcherOf("dealer@example.com")).map((a) => a.name);
    expect(names).toContain("Parts Catalog");
    expect(names).toContain("Sales Configurator");
    expect(names).not.toContain("Dealer Administration"); // web role DEALER_ADMIN
    expect(names).not.toContain("Internal Pricing"); // custom rule: internal users
    expect(names).not.toContain("Marketing Library"); // EMEA
    expect(names).not.toContain("Generator Sizing Tool"); // brand 2
  });

  it("the employee (internal) sees all brands and regions, and the internal-only application", async () => {
    const apps = await launcherOf("employee@example.com");
    expect(new Set(apps.map((a) => a.regionCode))).toEqual(new Set(["NA", "EMEA", "APAC"]));
    expect(apps.map((a) => a.name)).toContain("Internal Pricing");
    expect(apps.map((a) => a.name)).toContain("Sales Configurator"); // contract types FULL_LINE/COMPACT: the employee's locations hold them
  });

  it("names and descriptions come in the user's language", async () => {
    const german = await launcherOf("dealer@example.com", "de");
    const parts = german.find((a) => a.link === "https://parts.vantor.example.com")!;
    expect(parts.name).not.toBe("Parts Catalog");
    expect(parts.description.length).toBeGreaterThan(0);
  });

  it("create, update and delete write audit entries per field", async () => {
    const id = await createApplication(handle.db, input({ categories: ["Tools"] }), adminId);
    const created = (await getApplication(handle.db, id))!;
    expect(created.categories).toEqual(["Tools"]);
    const update = await updateApplication(
      handle.db,
      id,
      input({ displayName: "Renamed", categories: ["Tools"], updatedAt: editStamp(created) }),
      adminId,
    );
    expect(update).toEqual({ kind: "saved" });
    expect(await deleteApplication(handle.db, id, adminId)).toBe(true);
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "application"), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    expect(entries.filter((e) => e.operation === "create").map((e) => e.field)).toEqual(
      expect.arrayContaining(["name", "displayName", "link", "categories"]),
    );
    expect(entries.filter((e) => e.operation === "update")).toEqual([
      expect.objectContaining({ field: "displayName", oldValue: "Test App", newValue: "Renamed", changedBy: adminId }),
    ]);
    expect(entries.some((e) => e.operation === "delete" && e.field === "name" && e.oldValue === "TEST_APP")).toBe(true);
  });

  it("translations: saved from the editor, shown in that language, English where empty; an unchanged save audits nothing", async () => {
    const id = await createApplication(handle.db, input({ brandId: 1, regionCode: "NA" }), adminId);
    const created = (await getApplication(handle.db, id))!;
    const translations = {
      de: { displayName: "Test-Anwendung", description: "Zum Testen" },
      fr: { displayName: "", description: "" },
    };
    expect(
      await updateApplication(handle.db, id, input({ translations, updatedAt: editStamp(created) }), adminId),
    ).toEqual({ kind: "saved" });
    const saved = (await getApplication(handle.db, id))!;
    expect(saved.translations).toEqual({ de: { displayName: "Test-Anwendung", description: "Zum Testen" } });
    expect((await launcherOf("dealer@example.com", "de")).find((a) => a.id === String(id))?.name).toBe(
      "Test-Anwendung",
    );
    expect((await launcherOf("dealer@example.com", "fr")).find((a) => a.id === String(id))?.name).toBe("Test App");
    // Saving the same texts again (jsonb may hand the keys back in another order) changes nothing in the audit.
    await updateApplication(handle.db, id, input({ translations, updatedAt: editStamp(saved) }), adminId);
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "application"),
          eq(auditLog.entityId, String(id)),
          eq(auditLog.field, "translations"),
          eq(auditLog.operation, "update"),
        ),
      );
    expect(entries).toHaveLength(1);
    await deleteApplication(handle.db, id, adminId);
  });

  it("a stale save is refused as a conflict and changes nothing", async () => {
    const id = await createApplication(handle.db, input(), adminId);
    const stale = editStamp((await getApplication(handle.db, id))!);
    await new Promise((r) => setTimeout(r, 5));
    expect(
      (await updateApplication(handle.db, id, input({ displayName: "First", updatedAt: stale }), adminId)).kind,
    ).toBe("saved");
    const outcome = await updateApplication(handle.db, id, input({ displayName: "Second", updatedAt: stale }), adminId);
    expect(outcome.kind).toBe("conflict");
    expect((await getApplication(handle.db, id))!.displayName).toBe("First");
    await deleteApplication(handle.db, id, adminId);
  });

  it("search by name or description, and pages of 10", async () => {
    expect((await listApplications(handle.db, { query: "warranty" })).rows.map((r) => r.displayName).sort()).toEqual([
      "Halden Warranty",
      "Warranty Claims",
    ]);
    expect((await listApplications(handle.db, { query: "serial number" })).rows.map((r) => r.displayName)).toEqual([
      "Parts Catalog",
    ]);
    const first = await listApplications(handle.db, {});
    expect(first.rows).toHaveLength(10);
    expect(first.pageCount).toBe(2);
    expect((await listApplications(handle.db, { page: 2 })).rows).toHaveLength(first.total - 10);
    expect((await listApplications(handle.db, { query: "100%_" })).rows).toEqual([]);
  });

  it("issue #11 §2: the export reads every page of the filtered, sorted list, in the list's order", async () => {
    const options = { sortBy: "name" as const, sortType: "desc" as const };
    const first = await listApplications(handle.db, { ...options, page: 1 });
    const second = await listApplications(handle.db, { ...options, page: 2 });
    expect(first.pageCount).toBe(2);
    const exported: string[] = [];
    for await (const row of everyListedApplication(handle.db, options)) exported.push(row.name);
    expect(exported).toEqual([...first.rows, ...second.rows].map((r) => r.name));
    expect(exported).toHaveLength(first.total);
    const names = exported.map((n) => n.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it("move to top, up and down keep one consistent order, also under concurrent moves", async () => {
    const order = async () =>
      await handle.db
        .select({ id: applications.id, s: applications.sortOrder })
        .from(applications)
        .orderBy(asc(applications.sortOrder), asc(applications.id));
    const ids = (await order()).map((r) => r.id);
    const last = ids[ids.length - 1];
    await moveApplication(handle.db, last, "top", adminId);
    expect((await order())[0].id).toBe(last);
    await moveApplication(handle.db, last, "down", adminId);
    expect((await order())[1].id).toBe(last);
    await Promise.all([
      moveApplication(handle.db, ids[3], "top", adminId),
      moveApplication(handle.db, ids[5], "top", adminId),
      moveApplication(handle.db, ids[7], "up", adminId),
    ]);
    const after = await order();
    expect(after.map((r) => r.s)).toEqual(after.map((_, i) => (i + 1) * 10));
    expect(new Set(after.map((r) => r.id)).size).toBe(ids.length);
    expect(
      after
        .slice(0, 2)
        .map((r) => r.id)
        .sort(),
    ).toEqual([ids[3], ids[5]].sort());
  });
});
