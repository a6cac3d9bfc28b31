import { stringify } from "csv-stringify/sync";
import type ExcelJS from "exceljs";
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
export async function identityTemplate(format: TemplateFormat, choices: ImportChoices): Promise<ImportTemplate> {
  return importTemplate(format, "identity-import-template", "Users", IDENTITY_COLUMNS, templateExample(choices), () => [
    { name: "Locations", header: ["locationId", "name"], rows: choices.locations.map((l) => [l.id, l.name]) },
    {
      name: "Security roles",
      header: ["securityRole", "displayName"],
      rows: choices.roles.map((r) => [r.name, r.displayName]),
    },
  ]);
}

/** The organization import's template: the columns, an example row; the workbook adds brands and regions. */
export async function organizationTemplate(database: Executor, format: TemplateFormat): Promise<ImportTemplate> {
  return importTemplate(
    format,
    "organization-import-template",
    "Organizations",
    ORGANIZATION_COLUMNS,
    ORGANIZATION_EXAMPLE,
    async () => {
      // Read only for a workbook: the CSV template has no sheets beside the columns.
      const brandRows = await database.select({ id: brands.id, name: brands.name }).from(brands).orderBy(brands.id);
      const regionRows = await database.select().from(regions).orderBy(regions.code);
      return [
        { name: "Brands", header: ["brand", "name"], rows: brandRows.map((b) => [b.id, b.name]) },
        { name: "Regions", header: ["region", "name"], rows: regionRows.map((r) => [r.code, r.name]) },
      ];
    },
  );
}

/** A template file as it is downloaded. */
export interface ImportTemplate {
  body: Uint8Array;
  contentType: string;
  fileName: string;
}

/** A workbook sheet beside the columns' one: what a file may name (locations, roles, brands …). */
interface ChoiceSheet {
  name: string;
  header: string[];
  rows: (string | number)[][];
}

/**
 * An import's template: its columns (the header) and the example row, as CSV, or as a workbook
 * whose first sheet holds them (the header bold) and whose further sheets list what a file may name.
 */
async function importTemplate<Column extends string>(
  format: TemplateFormat,
  baseName: string,
  sheetName: string,
  columns: readonly Column[],
  example: Record<Column, string>,
  choiceSheets: () => ChoiceSheet[] | Promise<ChoiceSheet[]>,
): Promise<ImportTemplate> {
  const rows = [[...columns], columns.map((column) => example[column])];
  if (format === "csv") return csvTemplate(rows, `${baseName}.csv`);
  // Loaded when a workbook is asked for (a third of a second at start-up otherwise).
  const { default: Excel } = await import("exceljs");
  const workbook: ExcelJS.Workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  for (const choices of await choiceSheets()) {
    const choiceSheet = workbook.addWorksheet(choices.name);
    choiceSheet.addRow(choices.header);
    for (const row of choices.rows) choiceSheet.addRow(row);
  }
  return xlsxTemplate(workbook, `${baseName}.xlsx`);
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
