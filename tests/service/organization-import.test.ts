import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, organizations } from "~/db/schema";
import { ORGANIZATION_COLUMNS } from "~/imports/columns";
import { ImportConflictError } from "~/imports/identity-import.server";
import { applyOrganizationImport, dryRunOrganizationImport } from "~/imports/organization-import.server";
import { actorOfId } from "./actor-of";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";

type Row = Partial<Record<(typeof ORGANIZATION_COLUMNS)[number], string>>;

function csvOf(rows: Row[]): Uint8Array {
  const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const lines = [
    ORGANIZATION_COLUMNS.join(","),
    ...rows.map((row) => ORGANIZATION_COLUMNS.map((c) => cell(row[c] ?? "")).join(",")),
  ];
  return new TextEncoder().encode(lines.join("\r\n") + "\r\n");
}

describe.each(BACKENDS)("issue #17 organization import on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let haldenDealer: string;
  let prairieDealer: string;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    const externalIdOf = async (brandId: number) =>
      (
        await handle.db
          .select({ externalId: organizations.externalId })
          .from(organizations)
          .where(and(eq(organizations.brandId, brandId), eq(organizations.type, "dealer")))
      )[0].externalId!;
    haldenDealer = await externalIdOf(3);
    prairieDealer = await externalIdOf(1);
  });
  afterAll(async () => handle?.close());

  const dealer: Row = { organizationId: "IMP-D1", name: "Import Dealer", type: "dealer", brand: "1", region: "NA" };
  const good = (): Row[] => [
    // The location names its dealer, which comes later in the file.
    {
      organizationId: "IMP-L1",
      name: "Import Dealer – Ames",
      type: "location",
      brand: "1",
      region: "NA",
      parentId: "IMP-D1",
      address: "1 Main St, Ames",
    },
    dealer,
    {
      organizationId: "IMP-L2",
      name: "Prairie – New branch",
      type: "location",
      brand: "1",
      region: "na",
      parentId: prairieDealer,
    },
  ];

  it("issue #17 §1 the dry run reports each row's problems by column and counts what the valid rows would do", async () => {
    const outcome = await dryRunOrganizationImport(
      handle.db,
      await actorOfId(handle.db, adminId),
      "csv",
      csvOf([
        ...good(),
        { organizationId: "bad id!", name: "", type: "shop", brand: "9", region: "XX" },
        { organizationId: "IMP-L3", name: "No parent", type: "location", brand: "3", region: "EMEA" },
        { organizationId: "IMP-L4", name: "Self", type: "location", brand: "1", region: "NA", parentId: "imp-l4" },
        { ...dealer, name: "Twice" },
        { organizationId: "IMP-L5", name: "Orphan", type: "location", brand: "1", region: "NA", parentId: "NOPE-1" },
        { organizationId: haldenDealer, name: "Not mine", type: "dealer", brand: "1", region: "NA" },
      ]),
    );
    if (outcome.kind !== "report") throw new Error("unreadable");
    expect(
      outcome.report.problems.map((p) => [p.row, p.column, p.message, p.values?.value ?? p.values?.row ?? null]),
    ).toEqual([
      [5, "organizationId", "imports.errors.organizationId", null],
      [5, "name", "validations.required", null],
      [5, "type", "imports.errors.organizationType", "shop"],
      [5, "brand", "imports.errors.unknownBrand", "9"],
      [5, "region", "imports.errors.unknownRegion", "XX"],
      [6, "brand", "imports.errors.brandNotYours", "3"],
      [6, "parentId", "imports.errors.parentRequired", null],
      [7, "parentId", "imports.errors.parentItself", null],
      [8, "organizationId", "imports.errors.duplicateIdInFile", 3],
      [9, "parentId", "imports.errors.unknownParent", "NOPE-1"],
      [10, "organizationId", "imports.errors.organizationElsewhere", null],
    ]);
    expect(outcome.report).toMatchObject({ rows: 9, create: 3, update: 0, unchanged: 0 });
  });

  it("issue #17 §2 applies in one transaction: creates with parents from the file or the database, audits on the organization; a re-run changes nothing; a change updates", async () => {
    const dry = await dryRunOrganizationImport(handle.db, await actorOfId(handle.db, adminId), "csv", csvOf(good()));
    if (dry.kind !== "report") throw new Error("unreadable");
    const result = await applyOrganizationImport(handle.db, await actorOfId(handle.db, adminId), dry.valid);
    expect(result.created.map((r) => [r.row, r.key])).toEqual([
      [2, "IMP-L1"],
      [3, "IMP-D1"],
      [4, "IMP-L2"],
    ]);
    const byExternal = async (id: string) =>
      (await handle.db.select().from(organizations).where(eq(organizations.externalId, id)))[0];
    const [ames, importDealer, branch, prairie] = await Promise.all(
      ["IMP-L1", "IMP-D1", "IMP-L2", prairieDealer].map(byExternal),
    );
    expect(ames).toMatchObject({
      type: "location",
      parentId: importDealer.id,
      address: "1 Main St, Ames",
      regionCode: "NA",
    });
    expect(branch.parentId).toBe(prairie.id);
    const audited = await handle.db
      .select({ field: auditLog.field, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "organization"), eq(auditLog.entityId, ames.id)));
    expect(audited).toEqual(
      expect.arrayContaining([
        { field: "name", newValue: "Import Dealer – Ames" },
        { field: "parent", newValue: "IMP-D1" },
      ]),
    );

    const again = await dryRunOrganizationImport(handle.db, await actorOfId(handle.db, adminId), "csv", csvOf(good()));
    expect(again.kind === "report" && again.report).toEqual({
      rows: 3,
      create: 0,
      update: 0,
      unchanged: 3,
      problems: [],
    });

    const renamed = good().map((row) =>
      row.organizationId === "IMP-L2" ? { ...row, name: "Prairie – Renamed" } : row,
    );
    const changed = await dryRunOrganizationImport(
      handle.db,
      await actorOfId(handle.db, adminId),
      "csv",
      csvOf(renamed),
    );
    if (changed.kind !== "report") throw new Error("unreadable");
    expect(changed.report).toMatchObject({ create: 0, update: 1, unchanged: 2 });
    const updated = await applyOrganizationImport(handle.db, await actorOfId(handle.db, adminId), changed.valid);
    expect(updated.updated.map((r) => r.key)).toEqual(["IMP-L2"]);
    expect((await byExternal("IMP-L2")).name).toBe("Prairie – Renamed");
  });

  it("issue #17 §2 all or nothing: a row that became another brand's organization meanwhile fails the import and writes nothing", async () => {
    const rows: Row[] = [
      { organizationId: "LATE-D1", name: "Late dealer", type: "dealer", brand: "1", region: "NA" },
      { organizationId: "LATE-D2", name: "Late dealer 2", type: "dealer", brand: "1", region: "NA" },
    ];
    const dry = await dryRunOrganizationImport(handle.db, await actorOfId(handle.db, adminId), "csv", csvOf(rows));
    if (dry.kind !== "report") throw new Error("unreadable");
    expect(dry.report.create).toBe(2);
    await handle.db
      .insert(organizations)
      .values({ externalId: "LATE-D2", name: "Taken", type: "dealer", brandId: 3, regionCode: "EMEA" });
    await expect(
      applyOrganizationImport(handle.db, await actorOfId(handle.db, adminId), dry.valid),
    ).rejects.toBeInstanceOf(ImportConflictError);
    expect(await handle.db.select().from(organizations).where(eq(organizations.externalId, "LATE-D1"))).toEqual([]);
  });

  const externalIdNamed = async (name: string) =>
    (
      await handle.db.select({ id: organizations.externalId }).from(organizations).where(eq(organizations.name, name))
    )[0].id!;

  it("issue #30 §3 a dealer administrator's organization import is refused row by row: principal@ cannot rename, re-address or re-parent other dealers' locations", async () => {
    const principal = await identityIdOf(handle.db, "principal@example.com");
    const rows: Row[] = [];
    for (const name of ["Great Plains – Omaha", "Red River – Tulsa", "Prairie Equipment – Columbus"]) {
      const [location] = await handle.db
        .select({ externalId: organizations.externalId, name: organizations.name })
        .from(organizations)
        .where(and(eq(organizations.type, "location"), eq(organizations.name, name)));
      if (!location) continue;
      rows.push({
        organizationId: location.externalId!,
        name: "Taken over",
        type: "location",
        brand: "1",
        region: "EMEA",
        parentId: prairieDealer,
        address: "Elsewhere",
      });
    }
    rows.push({ organizationId: "PRINCIPAL-NEW", name: "New", type: "dealer", brand: "1", region: "NA" });
    const before = await handle.db.select().from(organizations);
    const outcome = await dryRunOrganizationImport(
      handle.db,
      await actorOfId(handle.db, principal),
      "csv",
      csvOf(rows),
    );
    if (outcome.kind !== "report") throw new Error("unreadable");
    expect(outcome.valid).toEqual([]);
    expect(outcome.report).toMatchObject({ create: 0, update: 0, unchanged: 0 });
    for (let row = 2; row < 2 + rows.length; row++)
      expect(outcome.report.problems.filter((p) => p.row === row).map((p) => p.message)).toContain(
        "imports.errors.brandNotYours",
      );
    // A plan made elsewhere is checked again when applied, inside its transaction.
    await expect(
      applyOrganizationImport(handle.db, await actorOfId(handle.db, principal), [
        {
          row: 2,
          externalId: "PRINCIPAL-NEW",
          name: "New",
          type: "dealer",
          brandId: 1,
          regionCode: "NA",
          parentExternalId: null,
          address: null,
        },
      ]),
    ).rejects.toBeInstanceOf(ImportConflictError);
    expect(await handle.db.select().from(organizations)).toEqual(before);
  });

  it("issue #30 §2 the import reaches the portal administrator's brands and regions only, and never the maker's own organizations", async () => {
    const oem = await externalIdNamed("Vantor Equipment – Vantor");
    const outcome = await dryRunOrganizationImport(
      handle.db,
      await actorOfId(handle.db, adminId),
      "csv",
      csvOf([
        { organizationId: oem, name: "Renamed OEM", type: "dealer", brand: "1", region: "NA" },
        { organizationId: "APAC-D1", name: "Far away", type: "dealer", brand: "1", region: "APAC" },
      ]),
    );
    if (outcome.kind !== "report") throw new Error("unreadable");
    expect(outcome.report.problems.map((p) => [p.row, p.column, p.message])).toEqual([
      [2, "organizationId", "imports.errors.organizationElsewhere"],
      [3, "region", "imports.errors.regionNotYours"],
    ]);
  });
});
