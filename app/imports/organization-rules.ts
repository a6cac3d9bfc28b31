import { MAX_TEXT_LENGTH } from "~/limits";
import type { ImportRow, OrganizationColumn } from "./columns";
import { rowProblems, type ImportProblem, type RowOutcome } from "./identity-rules";

/** An organization id of the maker's systems: letters, digits, dot, dash and underscore, at most 64. */
const ORGANIZATION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** An address is one line of text, at most this long. */
export const MAX_ADDRESS_LENGTH = 500;

/** What a row may name: the importer's portal brands and regions (ADR 29), among the known regions. */
export interface OrganizationImportContext {
  brandIds: ReadonlySet<number>;
  regionCodes: ReadonlySet<string>;
  knownRegionCodes: ReadonlySet<string>;
}

/** Whether an existing organization may be changed by the import: a dealer or location within the importer's brands and regions. */
export function organizationWithinImportScope(
  organization: { type: "dealer" | "location" | "internal"; brandId: number; regionCode: string },
  context: OrganizationImportContext,
): boolean {
  return (
    organization.type !== "internal" &&
    context.brandIds.has(organization.brandId) &&
    context.regionCodes.has(organization.regionCode)
  );
}

/** A valid row: the organization as the file gives it (its parent still by organization id). */
export interface OrganizationImportRow {
  row: number;
  externalId: string;
  name: string;
  type: "dealer" | "location";
  brandId: number;
  regionCode: string;
  parentExternalId: string | null;
  address: string | null;
}

/**
 * Checks one row of the organization import: an organization id of the maker's form, a name, a
 * type (dealer or location), one of the administrator's brands, a known region, and for a location
 * its parent dealer's id (not itself). Whether the parent exists is decided with the whole file.
 */
export function organizationRowProblems(
  input: ImportRow,
  context: OrganizationImportContext,
): { problems: ImportProblem[]; parsed: OrganizationImportRow | null } {
  const { row, values, problems, problem } = rowProblems<OrganizationColumn>(input);
  const cell = (column: OrganizationColumn) => (values[column] ?? "").trim();

  const externalId = cell("organizationId");
  if (!externalId) problem("organizationId", "validations.required");
  else if (!ORGANIZATION_ID.test(externalId)) problem("organizationId", "imports.errors.organizationId");
  const name = cell("name");
  if (!name) problem("name", "validations.required");
  else if (name.length > MAX_TEXT_LENGTH) problem("name", "validations.maxLength");
  const type = cell("type").toLowerCase();
  if (!type) problem("type", "validations.required");
  else if (type !== "dealer" && type !== "location")
    problem("type", "imports.errors.organizationType", { value: cell("type") });
  const brand = cell("brand");
  const brandId = /^\d{1,2}$/.test(brand) ? Number(brand) : null;
  if (!brand) problem("brand", "validations.required");
  else if (brandId === null || brandId < 1 || brandId > 5)
    problem("brand", "imports.errors.unknownBrand", { value: brand });
  else if (!context.brandIds.has(brandId)) problem("brand", "imports.errors.brandNotYours", { value: brand });
  const region = cell("region").toUpperCase();
  if (!region) problem("region", "validations.required");
  else if (!context.knownRegionCodes.has(region))
    problem("region", "imports.errors.unknownRegion", { value: cell("region") });
  else if (!context.regionCodes.has(region)) problem("region", "imports.errors.regionNotYours", { value: region });
  const parent = cell("parentId");
  if (type === "location" && !parent) problem("parentId", "imports.errors.parentRequired");
  else if (parent && parent.toLowerCase() === externalId.toLowerCase())
    problem("parentId", "imports.errors.parentItself");
  const address = cell("address");
  if (address.length > MAX_ADDRESS_LENGTH) problem("address", "validations.maxLength", { n: MAX_ADDRESS_LENGTH });

  if (problems.length > 0) return { problems, parsed: null };
  return {
    problems,
    parsed: {
      row,
      externalId,
      name,
      type: type as "dealer" | "location",
      brandId: brandId!,
      regionCode: region,
      parentExternalId: parent || null,
      address: address || null,
    },
  };
}

/** An organization as saved, for telling an update from an unchanged row. */
export interface ExistingOrganization {
  name: string;
  type: "dealer" | "location" | "internal";
  brandId: number;
  regionCode: string;
  parentExternalId: string | null;
  address: string | null;
}

/** What a valid row does: create the organization, update it, or leave it (upsert by organization id). */
export function organizationRowOutcome(row: OrganizationImportRow, existing: ExistingOrganization | null): RowOutcome {
  if (!existing) return "create";
  const same =
    existing.name === row.name &&
    existing.type === row.type &&
    existing.brandId === row.brandId &&
    existing.regionCode === row.regionCode &&
    (existing.parentExternalId ?? "").toLowerCase() === (row.parentExternalId ?? "").toLowerCase() &&
    (existing.address ?? "") === (row.address ?? "");
  return same ? "unchanged" : "update";
}
