import ExcelJS from "exceljs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import {
  auditLog,
  emailOutbox,
  identities,
  organizations,
  roleAssignments,
  securityRoleAssigners,
  securityRoles,
} from "~/db/schema";
import { applyIdentityImport, dryRunIdentityImport, ImportConflictError } from "~/imports/identity-import.server";
import { IDENTITY_COLUMNS } from "~/imports/columns";
import { editorChoices } from "~/users/editor-choices.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOfId } from "./actor-of";

type Row = Partial<Record<(typeof IDENTITY_COLUMNS)[number], string>>;

function csvOf(rows: Row[]): Uint8Array {
  const line = (cells: string[]) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(",");
  const text = [line([...IDENTITY_COLUMNS]), ...rows.map((row) => line(IDENTITY_COLUMNS.map((c) => row[c] ?? "")))];
  return new TextEncoder().encode(`\uFEFF${text.join("\r\n")}\r\n`);
}

async function xlsxOf(rows: Row[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Users");
  sheet.addRow(["E-mail", ...IDENTITY_COLUMNS.slice(1)]);
  for (const row of rows) sheet.addRow(IDENTITY_COLUMNS.map((c) => row[c] ?? ""));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe.each(BACKENDS)("issue #17 §1 identity import dry run on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let columbus: number;
  let goteborg: number;
  let unchanged: Row;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    const locationNamed = async (name: string) =>
      (await handle.db.select().from(organizations).where(eq(organizations.name, name)))[0].id;
    columbus = await locationNamed("Prairie Equipment – Columbus");
    goteborg = await locationNamed("Nordic Halden – Göteborg");
    // A row that repeats a Columbus user exactly: the migrate@ demo account (Dealer staff, Columbus only).
    const [person] = await handle.db.select().from(identities).where(eq(identities.email, "migrate@example.com"));
    const held = await handle.db
      .select({ name: securityRoles.name })
      .from(roleAssignments)
      .innerJoin(securityRoles, eq(securityRoles.id, roleAssignments.securityRoleId))
      .where(eq(roleAssignments.identityId, person.id));
    const assignable = new Set(
      (await editorChoices(handle.db, await actorOfId(handle.db, adminId))).roles.map((r) => r.displayName),
    );
    expect(held.length).toBeGreaterThan(0);
    expect(assignable.size).toBeGreaterThan(0);
    unchanged = {
      email: person.email.toUpperCase(),
      firstName: person.firstName,
      lastName: person.lastName,
      jobTitle: person.jobTitle ?? "",
      phoneMobile: person.phoneMobile ?? "",
      phoneSecondary: person.phoneSecondary ?? "",
      preferredLanguage: person.preferredLanguage,
      userType: person.userType,
      role: person.role,
      locationIds: String(columbus),
      securityRoles: held.map((h) => h.name).join(";"),
    };
  });
  afterAll(async () => handle?.close());

  const newcomer: Row = {
    email: "newcomer.import@example.com",
    firstName: "Nia",
    lastName: "Import",
    locationIds: "",
    securityRoles: "DEALER_STAFF",
  };
  const rows = (): Row[] => [
    { ...newcomer, locationIds: String(columbus) },
    unchanged,
    { ...unchanged, email: "dealer@example.com", firstName: "Dana", lastName: "Reyes", jobTitle: "Principal (new)" },
    { ...newcomer, email: "halden@example.com", locationIds: String(columbus) },
    { ...newcomer, locationIds: String(columbus), firstName: "Twice" },
    { ...newcomer, email: "far.away@example.com", locationIds: String(goteborg) },
  ];

  async function identityCount() {
    return (await handle.db.select({ n: sql<number>`count(*)::int` }).from(identities))[0].n;
  }

  it("checks every row, counts creates, updates and unchanged rows, and writes nothing (CSV)", async () => {
    const before = await identityCount();
    const outcome = await dryRunIdentityImport(handle.db, await actorOfId(handle.db, adminId), "csv", csvOf(rows()));
    expect(outcome.kind).toBe("report");
    if (outcome.kind !== "report") return;
    expect(outcome.report).toMatchObject({ rows: 6, create: 1, update: 1, unchanged: 1 });
    expect(outcome.report.problems.map((p) => [p.row, p.column, p.message])).toEqual([
      [5, "email", "imports.errors.emailElsewhere"],
      [6, "email", "imports.errors.duplicateInFile"],
      [7, "locationIds", "imports.errors.locationNotYours"],
    ]);
    expect(outcome.report.problems[1].values).toEqual({ row: 2 });
    expect(await identityCount()).toBe(before);
  });

  it("reads an XLSX workbook the same way (its header cells loosely named)", async () => {
    const outcome = await dryRunIdentityImport(
      handle.db,
      await actorOfId(handle.db, adminId),
      "xlsx",
      await xlsxOf(rows()),
    );
    expect(outcome.kind === "report" && outcome.report).toMatchObject({ rows: 6, create: 1, update: 1, unchanged: 1 });
    expect(outcome.kind === "report" && outcome.report.problems.map((p) => p.row)).toEqual([5, 6, 7]);
  });

  it("a header without the required columns is reported on row 1; a broken workbook is unreadable", async () => {
    const header = new TextEncoder().encode("email,firstName\na@example.com,A\n");
    const outcome = await dryRunIdentityImport(handle.db, await actorOfId(handle.db, adminId), "csv", header);
    expect(outcome.kind === "report" && outcome.report.problems.map((p) => [p.row, p.column])).toEqual([
      [1, "lastName"],
      [1, "locationIds"],
      [1, "securityRoles"],
    ]);
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]);
    expect(await dryRunIdentityImport(handle.db, await actorOfId(handle.db, adminId), "xlsx", broken)).toEqual({
      kind: "unreadable",
    });
  });

  const apply = async (bytes: Uint8Array) => {
    const outcome = await dryRunIdentityImport(handle.db, await actorOfId(handle.db, adminId), "csv", bytes);
    if (outcome.kind !== "report") throw new Error("unreadable");
    return applyIdentityImport(handle.db, await actorOfId(handle.db, adminId), outcome.valid, {
      publicUrl: "https://portal.example.com",
    });
  };

  it("issue #17 §2 applies the valid rows: creates with roles and a verification e-mail, updates, audits; a re-run changes nothing", async () => {
    const result = await apply(csvOf(rows()));
    expect(result.created.map((u) => [u.row, u.key])).toEqual([[2, "newcomer.import@example.com"]]);
    expect(result.updated.map((u) => u.key)).toEqual(["dealer@example.com"]);
    expect(result.unchanged.map((u) => u.row)).toEqual([3]);
    const created = result.created[0].id;
    const held = await handle.db.select().from(roleAssignments).where(eq(roleAssignments.identityId, created));
    expect(held.map((a) => [a.organizationId, a.isPreferred])).toEqual([[columbus, true]]);
    const mail = await handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "newcomer.import@example.com"));
    expect(mail).toHaveLength(1);
    const [dealer] = await handle.db.select().from(identities).where(eq(identities.email, "dealer@example.com"));
    expect(dealer.jobTitle).toBe("Principal (new)");
    const audited = await handle.db.select().from(auditLog).where(eq(auditLog.entityId, created));
    expect(audited.map((a) => a.field)).toEqual(expect.arrayContaining(["email", "firstName", "locations", "roles"]));
    // The same file again: every row unchanged, nothing written.
    const before = await identityCount();
    const again = await dryRunIdentityImport(handle.db, await actorOfId(handle.db, adminId), "csv", csvOf(rows()));
    expect(again.kind === "report" && again.report).toMatchObject({ create: 0, update: 0, unchanged: 3 });
    const rerun = await apply(csvOf(rows()));
    expect([rerun.created.length, rerun.updated.length, rerun.unchanged.length]).toEqual([0, 0, 3]);
    expect(await identityCount()).toBe(before);
  });

  it("issue #17 §2 all or nothing: when row 9 000 of 10 000 fails late (its e-mail taken meanwhile by another dealer's user), no row is written", async () => {
    const many: Row[] = Array.from({ length: 10_000 }, (_, i) => ({
      ...newcomer,
      email: `bulk${i}@example.com`,
      firstName: `Bulk${i}`,
      locationIds: String(columbus),
    }));
    const outcome = await dryRunIdentityImport(handle.db, await actorOfId(handle.db, adminId), "csv", csvOf(many));
    if (outcome.kind !== "report") throw new Error("unreadable");
    expect(outcome.report).toMatchObject({ rows: 10_000, create: 10_000, problems: [] });
    // Between the dry run and the import, row 9 000's address (the file's header is row 1) becomes another dealer's user.
    const late = many[9_000 - 2].email!;
    const [taken] = await handle.db
      .insert(identities)
      .values({ email: late, firstName: "T", lastName: "T", userType: "external", serialNumber: "SN-TAKEN" })
      .returning();
    await handle.db.insert(roleAssignments).values({
      identityId: taken.id,
      securityRoleId: (await handle.db.select().from(securityRoles).where(eq(securityRoles.name, "DEALER_STAFF")))[0]
        .id,
      organizationId: goteborg,
    });
    const progress: number[] = [];
    const failure = await applyIdentityImport(handle.db, await actorOfId(handle.db, adminId), outcome.valid, {
      publicUrl: "https://portal.example.com",
      onProgress: (done) => {
        progress.push(done);
      },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportConflictError);
    expect((failure as ImportConflictError).problems).toEqual([
      { row: 9_000, column: "email", message: "imports.errors.emailElsewhere" },
    ]);
    // Eight thousand rows were written inside the transaction before the conflict, and rolled back.
    expect(progress).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000]);
    const [{ n }] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(identities)
      .where(sql`${identities.email} like 'bulk%@example.com'`);
    expect(n).toBe(1);
    const [{ mails }] = await handle.db
      .select({ mails: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(sql`${emailOutbox.toAddress} like 'bulk%@example.com'`);
    expect(mails).toBe(0);
  }, 60_000);
});

describe.each(BACKENDS)(
  "SPEC #30 the identity import cannot change the importing administrator's own privileges on $name",
  (backend) => {
    let handle: DatabaseHandle;
    let principalId: number;
    let summit: number;
    let dealerAdmin: number;
    let serviceManager: number;
    let own: Row;
    const roleId = async (name: string) =>
      (await handle.db.select().from(securityRoles).where(eq(securityRoles.name, name)))[0].id;
    const heldRoles = async () =>
      (
        await handle.db
          .select({ roleId: roleAssignments.securityRoleId, organizationId: roleAssignments.organizationId })
          .from(roleAssignments)
          .where(eq(roleAssignments.identityId, principalId))
      ).sort((a, b) => a.roleId - b.roleId || a.organizationId - b.organizationId);
    const problemsOf = async (rows: Row[]) => {
      const outcome = await dryRunIdentityImport(
        handle.db,
        await actorOfId(handle.db, principalId),
        "csv",
        csvOf(rows),
      );
      if (outcome.kind !== "report") throw new Error("unreadable");
      return outcome;
    };

    beforeAll(async () => {
      handle = await seededDatabase(backend);
      principalId = await identityIdOf(handle.db, "principal@example.com");
      dealerAdmin = await roleId("DEALER_ADMIN");
      serviceManager = await roleId("SERVICE_MANAGER");
      const choices = await editorChoices(handle.db, await actorOfId(handle.db, principalId));
      expect(choices.locations).toHaveLength(1);
      summit = choices.locations[0].id;
      // As the probe did: the Dealer administrator role made assignable by itself, so the own row's
      // role passes the row check and only the rule of one's own account stands in the way.
      await handle.db.insert(securityRoleAssigners).values({ roleId: dealerAdmin, assignerId: dealerAdmin });
      const [person] = await handle.db.select().from(identities).where(eq(identities.id, principalId));
      own = {
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        jobTitle: person.jobTitle ?? "",
        phoneMobile: person.phoneMobile ?? "",
        phoneSecondary: person.phoneSecondary ?? "",
        preferredLanguage: person.preferredLanguage,
        userType: person.userType,
        role: person.role,
        locationIds: String(summit),
        securityRoles: "DEALER_ADMIN",
      };
    });
    afterAll(async () => handle?.close());

    it("the dry run reports one's own row changing user type, administrator or standard, or roles at each column; contact data alone is an update", async () => {
      expect((await problemsOf([own])).report).toMatchObject({ problems: [], unchanged: 1 });
      const kind = await problemsOf([{ ...own, userType: "internal", role: "regular" }]);
      expect(kind.report.problems.map((p) => [p.row, p.column, p.message])).toEqual([
        [2, "userType", "imports.errors.ownPrivileges"],
        [2, "role", "imports.errors.ownPrivileges"],
      ]);
      expect(kind.valid).toEqual([]);
      const roles = await problemsOf([{ ...own, securityRoles: "DEALER_ADMIN;SERVICE_MANAGER" }]);
      expect(roles.report.problems.map((p) => [p.row, p.column, p.message])).toEqual([
        [2, "securityRoles", "imports.errors.ownPrivileges"],
      ]);
      // Another user's row may change their roles: the rule is about one's own account.
      const [staff] = await handle.db.select().from(identities).where(eq(identities.email, "ivo.brandt@example.com"));
      const other = await problemsOf([
        {
          email: staff.email,
          firstName: staff.firstName,
          lastName: staff.lastName,
          locationIds: String(summit),
          securityRoles: "SERVICE_MANAGER",
        },
      ]);
      expect(other.report).toMatchObject({ problems: [], update: 1 });
      const contact = await problemsOf([{ ...own, jobTitle: "Owner" }]);
      expect(contact.report).toMatchObject({ problems: [], update: 1 });
    });

    it("applying refuses one's own row changed past the dry run (nothing written); contact data alone is saved", async () => {
      const checked = await problemsOf([{ ...own, jobTitle: "Owner" }]);
      const before = await heldRoles();
      const forged = checked.valid.map((row) => ({ ...row, roles: [dealerAdmin, serviceManager] }));
      const failure = await applyIdentityImport(handle.db, await actorOfId(handle.db, principalId), forged, {
        publicUrl: "https://portal.example.com",
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ImportConflictError);
      expect((failure as ImportConflictError).problems).toEqual([
        { row: 2, column: "securityRoles", message: "imports.errors.ownPrivileges" },
      ]);
      const promoted = checked.valid.map((row) => ({
        ...row,
        contact: { ...row.contact, userType: "internal" as const },
      }));
      await expect(
        applyIdentityImport(handle.db, await actorOfId(handle.db, principalId), promoted, {
          publicUrl: "https://portal.example.com",
        }),
      ).rejects.toBeInstanceOf(ImportConflictError);
      expect(await heldRoles()).toEqual(before);
      const [unchanged] = await handle.db.select().from(identities).where(eq(identities.id, principalId));
      expect([unchanged.userType, unchanged.jobTitle ?? ""]).toEqual([own.userType, own.jobTitle]);
      const result = await applyIdentityImport(handle.db, await actorOfId(handle.db, principalId), checked.valid, {
        publicUrl: "https://portal.example.com",
      });
      expect(result.updated.map((u) => u.id)).toEqual([principalId]);
      const [saved] = await handle.db.select().from(identities).where(eq(identities.id, principalId));
      expect(saved.jobTitle).toBe("Owner");
      expect(await heldRoles()).toEqual(before);
    });
  },
);
