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

/** A header cell as a column name: case, spaces and punctuation do not matter ("E-mail" is email). */
export function columnOf(header: string): string {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  const byKey = new Map(IDENTITY_COLUMNS.map((column) => [column.toLowerCase(), column]));
  return byKey.get(key) ?? header.trim();
}

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
