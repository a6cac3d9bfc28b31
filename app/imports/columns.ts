/** The two imports (SPEC §2 /admin/wsr-bulk-assignments, /admin/orgs-bulk-assignments). */
export const IMPORT_KINDS = ["identities", "organizations"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The identity import's contact columns: the user editor's fields an import sets. */
export const IDENTITY_CONTACT_COLUMNS = [
  "email",
  "firstName",
  "lastName",
  "jobTitle",
  "phoneMobile",
  "phoneSecondary",
  "preferredLanguage",
  "userType",
  "role",
] as const;

/**
 * The identity import's columns, in the template's order: the contact data, then the user's
 * locations (ids; the first is the preferred one) and security roles (names), several separated by ";".
 */
export const IDENTITY_COLUMNS = [...IDENTITY_CONTACT_COLUMNS, "locationIds", "securityRoles"] as const;
export type IdentityColumn = (typeof IDENTITY_COLUMNS)[number];

/** Columns a file must have; the others may be left out (their defaults apply). */
export const REQUIRED_IDENTITY_COLUMNS: readonly IdentityColumn[] = [
  "email",
  "firstName",
  "lastName",
  "locationIds",
  "securityRoles",
];

/** The template's example row: what each column holds. */
export const IDENTITY_EXAMPLE: Record<IdentityColumn, string> = {
  email: "jamie.doe@example.com",
  firstName: "Jamie",
  lastName: "Doe",
  jobTitle: "Service advisor",
  phoneMobile: "+1 555 0100",
  phoneSecondary: "",
  preferredLanguage: "en",
  userType: "external",
  role: "regular",
  locationIds: "12;14",
  securityRoles: "DEALER_STAFF",
};

/** A header cell as one of `columns`: case, spaces and punctuation do not matter ("E-mail" is email). */
export function columnNamer(columns: readonly string[]): (header: string) => string {
  const byKey = new Map(columns.map((column) => [column.toLowerCase(), column]));
  return (header) =>
    byKey.get(
      header
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, ""),
    ) ?? header.trim();
}

/** A header cell as an identity column. */
export const columnOf = columnNamer(IDENTITY_COLUMNS);

/**
 * The organization import's columns, in the template's order: the organization's id in the
 * maker's systems (the import upserts by it), name, type (dealer or location), brand (1–5),
 * region code, the parent dealer's organization id (a location's is required), address.
 */
export const ORGANIZATION_COLUMNS = [
  "organizationId",
  "name",
  "type",
  "brand",
  "region",
  "parentId",
  "address",
] as const;
export type OrganizationColumn = (typeof ORGANIZATION_COLUMNS)[number];

export const REQUIRED_ORGANIZATION_COLUMNS: readonly OrganizationColumn[] = [
  "organizationId",
  "name",
  "type",
  "brand",
  "region",
];

/** The organization template's example row. */
export const ORGANIZATION_EXAMPLE: Record<OrganizationColumn, string> = {
  organizationId: "ORG-90001",
  name: "Example Equipment – Springfield",
  type: "location",
  brand: "1",
  region: "NA",
  parentId: "ORG-90000",
  address: "100 Main Street, Springfield, IL 62701, USA",
};

/** A header cell as an organization column. */
export const organizationColumnOf = columnNamer(ORGANIZATION_COLUMNS);

/** Several values in one cell ("12; 14", "A, B"): trimmed, empty ones dropped. */
export function listCell(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** One data row of an upload: its row number in the file (the header is row 1) and its cells by column. */
export interface ImportRow {
  row: number;
  values: Record<string, string>;
}
