import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, count, eq } from "drizzle-orm";
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
import type { Actor } from "~/permissions/actor";
import { actorOf } from "./actor-of";
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
  /** The demo's portal administrator: portal scope brands 1, 2 and 4. */
  let admin: Actor;
  const launcherOf = async (email: string, locale = "en") => {
    const [row] = await handle.db.select({ id: identities.id }).from(identities).where(eq(identities.email, email));
    const profile = (await loadAccessProfile(handle.db, row.id))!;
    return applicationsForUser(
      handle.db,
      targetingSubjectOf({ userType: profile.userType, access: profile.access, profile }),
      locale,
    );
  };
  /** A new application's id (the test's own, of an admin's brand). */
  const created = async (overrides: Partial<ApplicationInput> = {}) => {
    const id = await createApplication(handle.db, admin, input(overrides));
    if (typeof id !== "number") throw new Error("refused");
    return id;
  };

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    admin = await actorOf(handle.db, "admin@example.com");
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
    const id = await created({ categories: ["Tools"] });
    const row = (await getApplication(handle.db, admin, id))!;
    expect(row.categories).toEqual(["Tools"]);
    const update = await updateApplication(
      handle.db,
      admin,
      id,
      input({ displayName: "Renamed", categories: ["Tools"], updatedAt: editStamp(row) }),
    );
    expect(update).toEqual({ kind: "saved" });
    expect(await deleteApplication(handle.db, admin, id)).toBe(true);
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "application"), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));
    expect(entries.filter((e) => e.operation === "create").map((e) => e.field)).toEqual(
      expect.arrayContaining(["name", "displayName", "link", "categories"]),
    );
    expect(entries.filter((e) => e.operation === "update")).toEqual([
      expect.objectContaining({
        field: "displayName",
        oldValue: "Test App",
        newValue: "Renamed",
        changedBy: admin.identityId,
      }),
    ]);
    expect(entries.some((e) => e.operation === "delete" && e.field === "name" && e.oldValue === "TEST_APP")).toBe(true);
  });

  it("translations: saved from the editor, shown in that language, English where empty; an unchanged save audits nothing", async () => {
    const id = await created({ brandId: 1, regionCode: "NA" });
    const row = (await getApplication(handle.db, admin, id))!;
    const translations = {
      de: { displayName: "Test-Anwendung", description: "Zum Testen" },
      fr: { displayName: "", description: "" },
    };
    expect(await updateApplication(handle.db, admin, id, input({ translations, updatedAt: editStamp(row) }))).toEqual({
      kind: "saved",
    });
    const saved = (await getApplication(handle.db, admin, id))!;
    expect(saved.translations).toEqual({ de: { displayName: "Test-Anwendung", description: "Zum Testen" } });
    expect((await launcherOf("dealer@example.com", "de")).find((a) => a.id === String(id))?.name).toBe(
      "Test-Anwendung",
    );
    expect((await launcherOf("dealer@example.com", "fr")).find((a) => a.id === String(id))?.name).toBe("Test App");
    // Saving the same texts again (jsonb may hand the keys back in another order) changes nothing in the audit.
    await updateApplication(handle.db, admin, id, input({ translations, updatedAt: editStamp(saved) }));
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "application"),
          eq(auditLog.entityId, id),
          eq(auditLog.field, "translations"),
          eq(auditLog.operation, "update"),
        ),
      );
    expect(entries).toHaveLength(1);
    await deleteApplication(handle.db, admin, id);
  });

  it("a stale save is refused as a conflict and changes nothing", async () => {
    const id = await created();
    const stale = editStamp((await getApplication(handle.db, admin, id))!);
    await new Promise((r) => setTimeout(r, 5));
    expect(
      (await updateApplication(handle.db, admin, id, input({ displayName: "First", updatedAt: stale }))).kind,
    ).toBe("saved");
    const outcome = await updateApplication(handle.db, admin, id, input({ displayName: "Second", updatedAt: stale }));
    expect(outcome.kind).toBe("conflict");
    expect((await getApplication(handle.db, admin, id))!.displayName).toBe("First");
    await deleteApplication(handle.db, admin, id);
  });

  it("search by name or description, and pages of 10", async () => {
    // The employee reads every brand (no portal scope: their own brands); the admin only theirs (not Halden).
    const employee = await actorOf(handle.db, "employee@example.com");
    expect(
      (await listApplications(handle.db, employee, { query: "warranty" })).rows.map((r) => r.displayName).sort(),
    ).toEqual(["Halden Warranty", "Warranty Claims"]);
    expect((await listApplications(handle.db, admin, { query: "warranty" })).rows.map((r) => r.displayName)).toEqual([
      "Warranty Claims",
    ]);
    expect(
      (await listApplications(handle.db, admin, { query: "serial number" })).rows.map((r) => r.displayName),
    ).toEqual(["Parts Catalog"]);
    const first = await listApplications(handle.db, admin, {});
    expect(first.rows).toHaveLength(10);
    expect(first.pageCount).toBe(2);
    expect((await listApplications(handle.db, admin, { page: 2 })).rows).toHaveLength(first.total - 10);
    expect((await listApplications(handle.db, admin, { query: "100%_" })).rows).toEqual([]);
  });

  it("issue #11 §2: the export reads every page of the filtered, sorted list, in the list's order", async () => {
    const options = { sortBy: "name" as const, sortType: "desc" as const };
    const first = await listApplications(handle.db, admin, { ...options, page: 1 });
    const second = await listApplications(handle.db, admin, { ...options, page: 2 });
    expect(first.pageCount).toBe(2);
    const exported: string[] = [];
    for await (const row of everyListedApplication(handle.db, admin, options)) exported.push(row.name);
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
    await moveApplication(handle.db, admin, last, "top");
    expect((await order())[0].id).toBe(last);
    await moveApplication(handle.db, admin, last, "down");
    expect((await order())[1].id).toBe(last);
    await Promise.all([
      moveApplication(handle.db, admin, ids[3], "top"),
      moveApplication(handle.db, admin, ids[5], "top"),
      moveApplication(handle.db, admin, ids[7], "up"),
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

  // ---- issue #30 §2: applications are administered within the editor's brands -----------------

  /** The admin with a portal scope of brand 1 only (the demo's holds brands 1, 2 and 4). */
  const brandOneEditor = (): Actor => ({ ...admin, portalScope: { brandIds: [1], regionCodes: ["NA"] } });
  const total = async () => (await handle.db.select({ n: count() }).from(applications))[0].n;
  const rowOf = async (displayName: string) =>
    (await handle.db.select().from(applications).where(eq(applications.displayName, displayName)))[0];
  const launcherOrder = async () =>
    (
      await handle.db
        .select({ id: applications.id })
        .from(applications)
        .orderBy(asc(applications.sortOrder), asc(applications.id))
    ).map((r) => r.id);

  it("SPEC #30 an application can be created and edited only for one of the editor's brands: brand 5 is refused, nothing written", async () => {
    const editor = brandOneEditor();
    const before = await total();
    expect(await createApplication(handle.db, editor, input({ name: "BRIXTON_NEW", brandId: 5 }))).toEqual({
      kind: "brandNotYours",
    });
    expect(await total()).toBe(before);
    const id = await createApplication(handle.db, editor, input({ name: "SCOPE_ONE", brandId: 1 }));
    expect(typeof id).toBe("number");
    const own = (await getApplication(handle.db, editor, id as number))!;
    // Moving one's own application to a brand not one's own is refused too, and changes nothing.
    expect(
      await updateApplication(
        handle.db,
        editor,
        own.id,
        input({ name: "SCOPE_ONE", brandId: 3, updatedAt: editStamp(own) }),
      ),
    ).toEqual({ kind: "brandNotYours" });
    expect((await getApplication(handle.db, editor, own.id))!.brandId).toBe(1);
    expect(await deleteApplication(handle.db, editor, own.id)).toBe(true);
  });

  it("SPEC #30 another brand's application is not there for the editor: it cannot be edited, deleted or moved", async () => {
    const editor = brandOneEditor();
    for (const displayName of ["Halden Warranty", "Brixton Training", "Corvane Order Portal"]) {
      const row = await rowOf(displayName);
      const order = await launcherOrder();
      expect(await getApplication(handle.db, editor, row.id), displayName).toBeNull();
      expect(
        await updateApplication(handle.db, editor, row.id, input({ brandId: 1, updatedAt: editStamp(row) })),
        displayName,
      ).toEqual({ kind: "missing" });
      expect(await deleteApplication(handle.db, editor, row.id), displayName).toBe(false);
      for (const direction of ["top", "up", "down"] as const)
        expect(await moveApplication(handle.db, editor, row.id, direction), `${displayName} ${direction}`).toBe(false);
      expect(await rowOf(displayName), displayName).toEqual(row);
      expect(await launcherOrder(), displayName).toEqual(order);
    }
  });

  it("SPEC #30 an actor without a portal scope cannot write applications at all", async () => {
    const dealer = await actorOf(handle.db, "dealer@example.com");
    expect(dealer.portalScope.brandIds).toEqual([]);
    const before = await total();
    expect(await createApplication(handle.db, dealer, input({ name: "DEALER_APP", brandId: 1 }))).toEqual({
      kind: "brandNotYours",
    });
    expect(await total()).toBe(before);
    const parts = await rowOf("Parts Catalog");
    const order = await launcherOrder();
    expect(
      await updateApplication(
        handle.db,
        dealer,
        parts.id,
        input({ displayName: "Taken", updatedAt: editStamp(parts) }),
      ),
    ).toEqual({ kind: "missing" });
    expect(await deleteApplication(handle.db, dealer, parts.id)).toBe(false);
    expect(await moveApplication(handle.db, dealer, parts.id, "top")).toBe(false);
    expect(await rowOf("Parts Catalog")).toEqual(parts);
    expect(await launcherOrder()).toEqual(order);
  });

  it("SPEC #30 the administration list and its export hold the applications of the user's brands: the portal's, or a reader's own", async () => {
    const names = async (actor: Actor) => {
      const rows: string[] = [];
      for await (const row of everyListedApplication(handle.db, actor, {})) rows.push(row.displayName);
      expect((await listApplications(handle.db, actor, {})).total).toBe(rows.length);
      return rows;
    };
    const listed = await names(admin);
    expect(listed).toEqual(expect.arrayContaining(["Parts Catalog", "Generator Sizing Tool", "Corvane Order Portal"]));
    for (const other of ["Halden Dealer Hub", "Halden Warranty", "Brixton Parts", "Brixton Training"])
      expect(listed).not.toContain(other);
    expect(await names(brandOneEditor())).not.toContain("Generator Sizing Tool");
    // The dealer (brand 1, no portal scope) would read brand 1's only.
    const dealer = await actorOf(handle.db, "dealer@example.com");
    const dealerRows = await names(dealer);
    expect(dealerRows).toContain("Parts Catalog");
    expect(dealerRows).not.toContain("Corvane Order Portal");
    expect(await getApplication(handle.db, dealer, (await rowOf("Halden Warranty")).id)).toBeNull();
  });

  it("SPEC #30 a move passes the neighbour the editor sees: another brand's application in between stays where it is", async () => {
    const editor = brandOneEditor();
    const a = await created({ name: "SCOPE_NEIGHBOUR_A" });
    const b = await created({ name: "SCOPE_NEIGHBOUR_B" });
    const brixton = (await rowOf("Brixton Parts")).id;
    // Launcher order A, Brixton Parts, B (each put on top in turn; Brixton Parts by an editor of brand 5).
    await moveApplication(handle.db, admin, b, "top");
    await moveApplication(
      handle.db,
      { ...admin, portalScope: { brandIds: [5], regionCodes: ["APAC"] } },
      brixton,
      "top",
    );
    await moveApplication(handle.db, admin, a, "top");
    expect((await launcherOrder()).slice(0, 3)).toEqual([a, brixton, b]);
    // Up from B passes A, the neighbour the brand-1 editor sees; Brixton Parts keeps its place after them.
    expect(await moveApplication(handle.db, editor, b, "up")).toBe(true);
    expect((await launcherOrder()).slice(0, 3)).toEqual([b, a, brixton]);
    await deleteApplication(handle.db, admin, a);
    await deleteApplication(handle.db, admin, b);
  });
});
