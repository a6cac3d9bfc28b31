import { contactSchema, type DraftContact } from "~/users/schema";
import { listCell, type IdentityColumn, type ImportRow } from "./columns";

/** One problem of an upload: where (row, column) and the message (a translation key, with its values). */
export interface ImportProblem {
  row: number;
  column: string;
  message: string;
  values?: Record<string, string | number>;
}

/** What a valid row of either import does: create a record, update one, or leave one as it is (upsert by its key). */
export type RowOutcome = "create" | "update" | "unchanged";

/** What a row may name: every location, the administrator's own, and the roles by name (lower case). */
export interface IdentityImportContext {
  knownLocationIds: ReadonlySet<number>;
  ownLocationIds: ReadonlySet<number>;
  rolesByName: ReadonlyMap<string, { id: number; assignable: boolean }>;
  /** The language of a row that names none: the importing administrator's. */
  defaultLanguage?: string;
}

/** A valid row: the user's contact data, locations in order (the first preferred) and roles. */
export interface IdentityImportRow {
  row: number;
  contact: DraftContact;
  locations: number[];
  roles: number[];
}

/** A row to check, with its problems as the check finds them and how it adds one (placeholders only when given). */
export function rowProblems<Column extends string>({ row, values }: ImportRow) {
  const problems: ImportProblem[] = [];
  const problem = (column: Column, message: string, placeholders?: Record<string, string | number>) => {
    problems.push({ row, column, message, ...(placeholders ? { values: placeholders } : {}) });
  };
  return { row, values, problems, problem };
}

/** The header's problems: each required column that is missing, and a column named twice. */
export function headerProblems(header: readonly string[], required: readonly string[]): ImportProblem[] {
  const missing = required
    .filter((column) => !header.includes(column))
    .map((column) => ({ row: 1, column, message: "imports.errors.missingColumn" }));
  const twice = header
    .filter((column, index) => column && header.indexOf(column) !== index)
    .map((column) => ({ row: 1, column, message: "imports.errors.columnTwice" }));
  return [...missing, ...twice];
}

/**
 * Checks one row of the identity import: the contact data by the user editor's own rules (the
 * same messages), every location known and one of the administrator's, every role known and one
 * the administrator may assign; at least one of each. Defaults: the administrator's language,
 * external, standard user.
 */
export function identityRowProblems(
  input: ImportRow,
  context: IdentityImportContext,
): { problems: ImportProblem[]; parsed: IdentityImportRow | null } {
  const { row, values, problems, problem } = rowProblems<IdentityColumn>(input);
  // An empty cell is a field left out, as an empty form field is.
  const cell = (column: IdentityColumn) => values[column] || undefined;
  const contact = contactSchema.safeParse({
    email: cell("email"),
    firstName: cell("firstName"),
    lastName: cell("lastName"),
    jobTitle: cell("jobTitle"),
    phoneMobile: cell("phoneMobile"),
    phoneSecondary: cell("phoneSecondary"),
    preferredLanguage: cell("preferredLanguage") ?? context.defaultLanguage ?? "en",
    userType: cell("userType") ?? "external",
    role: cell("role") ?? "regular",
  });
  if (!contact.success) {
    for (const issue of contact.error.issues) problem(String(issue.path[0]) as IdentityColumn, issue.message);
  }
  const locations: number[] = [];
  const locationCells = listCell(values.locationIds);
  if (locationCells.length === 0) problem("locationIds", "validations.required");
  for (const cell of locationCells) {
    const id = /^\d{1,9}$/.test(cell) ? Number(cell) : null;
    if (id === null || !context.knownLocationIds.has(id))
      problem("locationIds", "imports.errors.unknownLocation", { value: cell });
    else if (!context.ownLocationIds.has(id))
      problem("locationIds", "imports.errors.locationNotYours", { value: cell });
    else if (!locations.includes(id)) locations.push(id);
  }
  const roles: number[] = [];
  const roleCells = listCell(values.securityRoles);
  if (roleCells.length === 0) problem("securityRoles", "validations.required");
  for (const cell of roleCells) {
    const role = context.rolesByName.get(cell.toLowerCase());
    if (!role) problem("securityRoles", "imports.errors.unknownRole", { value: cell });
    else if (!role.assignable) problem("securityRoles", "imports.errors.roleNotAssignable", { value: cell });
    else if (!roles.includes(role.id)) roles.push(role.id);
  }
  if (problems.length > 0 || !contact.success) return { problems, parsed: null };
  return { problems, parsed: { row, contact: contact.data, locations, roles } };
}

/**
 * A second row with a key already in the file (an e-mail, an organization id; case-insensitive) is
 * a problem naming the first; `seen` remembers the keys (lower case) and their rows.
 */
export function duplicateInFile(
  seen: Map<string, number>,
  row: number,
  value: string,
  column = "email",
): ImportProblem | null {
  const key = value.trim().toLowerCase();
  if (!key) return null;
  const first = seen.get(key);
  if (first !== undefined) {
    const message = column === "email" ? "imports.errors.duplicateInFile" : "imports.errors.duplicateIdInFile";
    return { row, column, message, values: { row: first } };
  }
  seen.set(key, row);
  return null;
}

/** The user as saved, for telling an update from an unchanged row. */
export interface ExistingIdentity {
  contact: Omit<DraftContact, "fax" | "activeDirectoryUsername" | "listingName" | "email">;
  /** Locations among the administrator's (the preferred first), and the roles there. */
  locations: number[];
  roles: number[];
}

/** What a valid row does: create a user, update one, or leave one as it is (upsert by e-mail). */
export function identityRowOutcome(row: IdentityImportRow, existing: ExistingIdentity | null): RowOutcome {
  if (!existing) return "create";
  const fields = Object.keys(existing.contact) as (keyof ExistingIdentity["contact"])[];
  const same =
    fields.every((field) => (existing.contact[field] ?? "") === (row.contact[field] ?? "")) &&
    existing.locations[0] === row.locations[0] &&
    sameSet(existing.locations, row.locations) &&
    sameSet(existing.roles, row.roles);
  return same ? "unchanged" : "update";
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

/** A field granting access that a row would change on a user as saved, and the file's column holding it. */
export interface PrivilegeChange {
  /** Named as the user editor names it (`selfChangeRefused` reads these names). */
  field: "userType" | "role" | "locations" | "roles";
  column: IdentityColumn;
}

/**
 * What a row would change of a saved user's access: user type, administrator or standard, their
 * locations among the administrator's (the preferred first) and their roles there. An importing
 * administrator's own row may change none of these (issue #30, `selfChangeRefused`).
 */
export function privilegeChanges(row: IdentityImportRow, existing: ExistingIdentity): PrivilegeChange[] {
  const changes: PrivilegeChange[] = [];
  if (existing.contact.userType !== row.contact.userType) changes.push({ field: "userType", column: "userType" });
  if (existing.contact.role !== row.contact.role) changes.push({ field: "role", column: "role" });
  if (existing.locations[0] !== row.locations[0] || !sameSet(existing.locations, row.locations))
    changes.push({ field: "locations", column: "locationIds" });
  if (!sameSet(existing.roles, row.roles)) changes.push({ field: "roles", column: "securityRoles" });
  return changes;
}
