import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import { inArray } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { brands, regions, securityRoles } from "~/db/schema";
import { editorChoices } from "~/users/editor-choices.server";
import {
  IDENTITY_COLUMNS,
  IDENTITY_EXAMPLE,
  ORGANIZATION_COLUMNS,
  ORGANIZATION_EXAMPLE,
  type IdentityColumn,
} from "./columns";

export type TemplateFormat = "csv" | "xlsx";

/** What an administrator may name in a file: their locations (by id) and the roles they may assign (by name). */
export interface ImportChoices {
  locations: { id: number; name: string }[];
  roles: { name: string; displayName: string }[];
}

export async function identityImportChoices(database: Executor, actor: Actor): Promise<ImportChoices> {
  const choices = await editorChoices(database, actor);
  const ids = choices.roles.map((role) => role.id);
  const names = ids.length
    ? await database
        .select({ id: securityRoles.id, name: securityRoles.name })
        .from(securityRoles)
        .where(inArray(securityRoles.id, ids))
    : [];
  const nameOf = new Map(names.map((role) => [role.id, role.name]));
  return {
    locations: choices.locations,
    roles: choices.roles.map((role) => ({ name: nameOf.get(role.id) ?? "", displayName: role.displayName })),
  };
}

/** The template's example row, naming one of the administrator's own locations and roles when they have some. */
export function templateExample(choices: ImportChoices): Record<IdentityColumn, string> {
  return {
    ...IDENTITY_EXAMPLE,
    ...(choices.locations[0] ? { locationIds: String(choices.locations[0].id) } : {}),
    ...(choices.roles[0] ? { securityRoles: choices.roles[0].name } : {}),
  };
}

/**
 * The identity import's template (issue #17 §1): the documented columns and an example row; the
 * workbook adds a sheet of the administrator's locations and one of the roles they may assign.
 */
export async function identityTemplate(
  format: TemplateFormat,
  choices: ImportChoices,
): Promise<{ body: Uint8Array; contentType: string; fileName: string }> {
  const example = templateExample(choices);
  const rows = [[...IDENTITY_COLUMNS], IDENTITY_COLUMNS.map((column) => example[column])];
  if (format === "csv") return csvTemplate(rows, "identity-import-template.csv");
  const workbook = new ExcelJS.Workbook();
  const users = workbook.addWorksheet("Users");
  for (const row of rows) users.addRow(row);
  users.getRow(1).font = { bold: true };
  const locations = workbook.addWorksheet("Locations");
  locations.addRow(["locationId", "name"]);
  for (const location of choices.locations) locations.addRow([location.id, location.name]);
  const roles = workbook.addWorksheet("Security roles");
  roles.addRow(["securityRole", "displayName"]);
  for (const role of choices.roles) roles.addRow([role.name, role.displayName]);
  return xlsxTemplate(workbook, "identity-import-template.xlsx");
}

/** The organization import's template: the columns, an example row; the workbook adds brands and regions. */
export async function organizationTemplate(
  database: Executor,
  format: TemplateFormat,
): Promise<{ body: Uint8Array; contentType: string; fileName: string }> {
  const rows = [[...ORGANIZATION_COLUMNS], ORGANIZATION_COLUMNS.map((column) => ORGANIZATION_EXAMPLE[column])];
  if (format === "csv") return csvTemplate(rows, "organization-import-template.csv");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Organizations");
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  const brandSheet = workbook.addWorksheet("Brands");
  brandSheet.addRow(["brand", "name"]);
  for (const brand of await database.select({ id: brands.id, name: brands.name }).from(brands).orderBy(brands.id))
    brandSheet.addRow([brand.id, brand.name]);
  const regionSheet = workbook.addWorksheet("Regions");
  regionSheet.addRow(["region", "name"]);
  for (const region of await database.select().from(regions).orderBy(regions.code))
    regionSheet.addRow([region.code, region.name]);
  return xlsxTemplate(workbook, "organization-import-template.xlsx");
}

function csvTemplate(rows: string[][], fileName: string) {
  return {
    body: new TextEncoder().encode(`\uFEFF${stringify(rows, { record_delimiter: "\r\n" })}`),
    contentType: "text/csv; charset=utf-8",
    fileName,
  };
}

async function xlsxTemplate(workbook: ExcelJS.Workbook, fileName: string) {
  return {
    body: new Uint8Array(await workbook.xlsx.writeBuffer()),
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    fileName,
  };
}
