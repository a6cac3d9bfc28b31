/*
 * A SCIM filter on users as SQL (RFC 7644 §3.4.2.2, issue #36): parsed by scim2-parse-filter,
 * each attribute mapped to its column and compared by the schema's case rule — never a filter in
 * memory over all users. Multi-valued attributes are rows of values (a user's e-mail; their mobile,
 * work and fax numbers): a value filter holds when one row meets it.
 */
import { sql, type SQL } from "drizzle-orm";
import { parse, type Filter } from "scim2-parse-filter";
import { ScimError } from "~/api/scim-error";
import { identities, organizations, roleAssignments } from "~/db/schema";
import { containsPattern } from "~/lists/list-query";
import { SCIM_MAX_FILTER_LENGTH } from "~/limits";
import { dealerLocationsOfSql } from "~/permissions/dealer-locations.server";
import { ENTERPRISE_SCHEMA, PORTAL_SCHEMA, USER_SCHEMA } from "./scim-schemas";

function invalidFilter(): ScimError {
  return new ScimError(400, "scim.errors.invalidFilter", "invalidFilter");
}

/** A filter's text parsed (too long, or not SCIM's grammar: invalidFilter). */
export function parsedFilterOf(text: string): Filter {
  if (text.length > SCIM_MAX_FILTER_LENGTH) throw invalidFilter();
  try {
    return parse(text);
  } catch {
    throw invalidFilter();
  }
}

/** How a value is compared: text without case, text with case, a boolean, a moment, an id. */
type Kind = "text" | "exact" | "boolean" | "date" | "id";
interface Operand {
  expr: SQL;
  kind: Kind;
}

const fullName = sql`(${identities.firstName} || ' ' || ${identities.lastName})`;

/** A user's single-valued attributes, by lower-cased path (extension paths by their schema's URN). */
const SINGLE: Record<string, Operand> = Object.assign(Object.create(null) as Record<string, Operand>, {
  id: { expr: sql`${identities.id}`, kind: "id" },
  username: { expr: sql`${identities.email}`, kind: "text" },
  externalid: { expr: sql`${identities.scimExternalId}`, kind: "exact" },
  "name.givenname": { expr: sql`${identities.firstName}`, kind: "text" },
  "name.familyname": { expr: sql`${identities.lastName}`, kind: "text" },
  "name.formatted": { expr: fullName, kind: "text" },
  displayname: { expr: sql`coalesce(${identities.listingName}, ${fullName})`, kind: "text" },
  title: { expr: sql`${identities.jobTitle}`, kind: "text" },
  usertype: { expr: sql`${identities.userType}`, kind: "text" },
  preferredlanguage: { expr: sql`${identities.preferredLanguage}`, kind: "text" },
  locale: { expr: sql`${identities.preferredLanguage}`, kind: "text" },
  active: { expr: sql`(${identities.status} = 'active')`, kind: "boolean" },
  "meta.created": { expr: sql`${identities.createdAt}`, kind: "date" },
  "meta.lastmodified": { expr: sql`${identities.updatedAt}`, kind: "date" },
  [`${ENTERPRISE_SCHEMA.toLowerCase()}:employeenumber`]: { expr: sql`${identities.employeeNumber}`, kind: "text" },
  [`${PORTAL_SCHEMA.toLowerCase()}:administrator`]: { expr: sql`(${identities.role} = 'admin')`, kind: "boolean" },
});

const ORGANIZATION = `${ENTERPRISE_SCHEMA.toLowerCase()}:organization`;

/** The enterprise `organization`: the name of the user's preferred location among the owner's (as a User resource shows it). */
function organizationOf(ownerId: number): Operand {
  return {
    expr: sql`(select o.name from ${roleAssignments} ra join ${organizations} o on o.id = ra.organization_id
      where ra.identity_id = ${identities}.id and ra.organization_id in (${dealerLocationsOfSql(ownerId)})
      order by ra.is_preferred desc, o.name limit 1)`,
    kind: "text",
  };
}

/** A single-valued attribute of a path, or undefined (only the table's own entries: no inherited member). */
function singleOf(path: string, ownerId: number): Operand | undefined {
  if (path === ORGANIZATION) return organizationOf(ownerId);
  return Object.hasOwn(SINGLE, path) ? SINGLE[path] : undefined;
}

/** The rows of the multi-valued attributes: each a value, its type and whether it is the primary one. */
const MULTI: Record<string, Record<string, Operand>[]> = Object.assign(
  Object.create(null) as Record<string, Record<string, Operand>[]>,
  {
    emails: [
      {
        value: { expr: sql`${identities.email}`, kind: "text" },
        type: { expr: sql`'work'`, kind: "text" },
        primary: { expr: sql`true`, kind: "boolean" },
      },
    ],
    phonenumbers: (
      [
        ["mobile", identities.phoneMobile],
        ["work", identities.phoneSecondary],
        ["fax", identities.fax],
      ] as const
    ).map(([type, column]) => ({
      value: { expr: sql`${column}`, kind: "text" as const },
      type: { expr: sql`${type}`, kind: "text" as const },
      primary: { expr: sql`false`, kind: "boolean" as const },
    })),
  },
);

function multiOf(path: string): Record<string, Operand>[] | undefined {
  return Object.hasOwn(MULTI, path) ? MULTI[path] : undefined;
}

/** An id a filter names (a positive int4), or null: no row has it. */
function idOf(value: unknown): number | null {
  const id = typeof value === "number" ? value : /^\d{1,10}$/.test(String(value)) ? Number(value) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** A path without the core schema's URN, lower-cased; an extension's attribute keeps its URN. */
function normalPath(path: string): string {
  const lower = path.toLowerCase();
  const core = `${USER_SCHEMA.toLowerCase()}:`;
  return lower.startsWith(core) ? lower.slice(core.length) : lower;
}

/** A comparison of an operand with a filter's value, by the operand's kind. */
function compared(operand: Operand, op: string, value: unknown): SQL {
  const { expr, kind } = operand;
  if (op === "pr")
    return kind === "text" || kind === "exact"
      ? sql`(${expr} is not null and ${expr} <> '')`
      : sql`(${expr} is not null)`;
  if (value === null) {
    if (op === "eq") return sql`(${expr} is null)`;
    if (op === "ne") return sql`(${expr} is not null)`;
    throw invalidFilter();
  }
  if (kind === "boolean") {
    const flag =
      typeof value === "boolean"
        ? value
        : typeof value === "string" && /^(true|false)$/i.test(value)
          ? value.toLowerCase() === "true"
          : null;
    if (flag === null || (op !== "eq" && op !== "ne")) throw invalidFilter();
    return op === "eq" ? sql`(${expr} = ${flag})` : sql`(${expr} is distinct from ${flag})`;
  }
  if (kind === "id") {
    if (op !== "eq" && op !== "ne") throw invalidFilter();
    const id = idOf(value);
    if (op === "eq") return id !== null ? sql`(${expr} = ${id})` : sql`false`;
    return id !== null ? sql`(${expr} <> ${id})` : sql`true`;
  }
  if (kind === "date") {
    const at = typeof value === "string" ? new Date(value) : new Date(NaN);
    // PostgreSQL's timestamps run from year 1 to 9999 here; another moment is no filter it can read.
    if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 || at.getUTCFullYear() > 9999) throw invalidFilter();
    const operator = { eq: "=", ne: "<>", gt: ">", ge: ">=", lt: "<", le: "<=" }[op];
    if (!operator) throw invalidFilter();
    return sql`(${expr} ${sql.raw(operator)} ${at.toISOString()}::timestamptz)`;
  }
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") throw invalidFilter();
  const text = String(value);
  const left = kind === "text" ? sql`lower(${expr})` : expr;
  const right = kind === "text" ? text.toLowerCase() : text;
  switch (op) {
    case "eq":
      return sql`(${left} = ${right})`;
    case "ne":
      return sql`(${left} is distinct from ${right})`;
    case "co":
      return sql`(${left} like ${containsPattern(right)})`;
    case "sw":
      return sql`(${left} like ${`${containsPattern(right).slice(1)}`})`;
    case "ew":
      return sql`(${left} like ${containsPattern(right).slice(0, -1)})`;
    case "gt":
      return sql`(${left} > ${right})`;
    case "ge":
      return sql`(${left} >= ${right})`;
    case "lt":
      return sql`(${left} < ${right})`;
    case "le":
      return sql`(${left} <= ${right})`;
  }
  throw invalidFilter();
}

/** Roles (`groups`) held, or locations (`locations`) where the user holds one, among the connection's. */
function assignmentHeld(
  column: "security_role_id" | "organization_id",
  op: string,
  value: unknown,
  ownerId: number,
): SQL {
  if (op === "pr") return sql`exists (select 1 from ${roleAssignments} held where held.identity_id = ${identities}.id)`;
  if (op !== "eq") throw invalidFilter();
  const id = idOf(value);
  if (id === null) return sql`false`;
  return sql`exists (select 1 from ${roleAssignments} held where held.identity_id = ${identities}.id
    and held.${sql.raw(column)} = ${id} and held.organization_id in (${dealerLocationsOfSql(ownerId)}))`;
}

/** The logical frame of a filter (and, or, not, grouping) as SQL; each comparison or value path is the leaf's. */
function logical(filter: Filter, leaf: (comparison: Filter) => SQL): SQL {
  switch (filter.op) {
    case "and":
    case "or": {
      const parts = (filter as { filters: Filter[] }).filters.map((part) => logical(part, leaf));
      return sql`(${sql.join(parts, sql.raw(filter.op === "and" ? " and " : " or "))})`;
    }
    case "not":
      return sql`(not coalesce(${logical((filter as { filter: Filter }).filter, leaf)}, false))`;
    default:
      return leaf(filter);
  }
}

/** A comparison on a user's attribute, or a value path over a multi-valued one. */
function attributeSql(filter: Filter, ownerId: number): SQL {
  if (filter.op === "[]") {
    const { attrPath, valFilter } = filter as { attrPath: string; valFilter: Filter };
    const path = normalPath(attrPath);
    if (path === "groups") return logical(valFilter, (part) => groupValueSql(part, ownerId));
    const rows = multiOf(path);
    if (!rows) throw invalidFilter();
    return sql`(${sql.join(
      rows.map((row) => logical(valFilter, (part) => rowValueSql(part, row))),
      sql` or `,
    )})`;
  }
  const { attrPath, compValue } = filter as { attrPath: string; compValue?: unknown };
  const path = normalPath(attrPath);
  const single = singleOf(path, ownerId);
  if (single) return compared(single, filter.op, compValue);
  if (path === "groups" || path === "groups.value")
    return assignmentHeld("security_role_id", filter.op, compValue, ownerId);
  if (path === `${PORTAL_SCHEMA.toLowerCase()}:locations`)
    return assignmentHeld("organization_id", filter.op, compValue, ownerId);
  const [attribute, sub = "value"] = path.split(".");
  const rows = multiOf(attribute);
  if (!rows || !Object.hasOwn(rows[0], sub)) throw invalidFilter();
  return sql`(${sql.join(
    rows.map((row) => compared(row[sub], filter.op, compValue)),
    sql` or `,
  )})`;
}

/** A comparison inside a value path, on one row of a multi-valued attribute (its value, type or primary). */
function rowValueSql(filter: Filter, row: Record<string, Operand>): SQL {
  if (filter.op === "[]") throw invalidFilter();
  const { attrPath, compValue } = filter as { attrPath: string; compValue?: unknown };
  const sub = attrPath.toLowerCase();
  if (!Object.hasOwn(row, sub)) throw invalidFilter();
  return compared(row[sub], filter.op, compValue);
}

/** A comparison inside `groups[…]`: only on the role's id (`value`). */
function groupValueSql(filter: Filter, ownerId: number): SQL {
  if (filter.op === "[]" || (filter as { attrPath: string }).attrPath.toLowerCase() !== "value") throw invalidFilter();
  return assignmentHeld("security_role_id", filter.op, (filter as { compValue?: unknown }).compValue, ownerId);
}

/** The SQL condition of a parsed filter on users; `ownerId`: whose (narrowed) locations roles are read at. */
export function userFilterSql(filter: Filter, ownerId: number): SQL {
  return logical(filter, (part) => attributeSql(part, ownerId));
}

/** The order of a `sortBy` (RFC 7644 §3.4.2.3): a single-valued attribute, or a multi-valued one's value. */
export function userSortSql(sortBy: string): SQL {
  const path = normalPath(sortBy);
  const key = path === "emails" || path === "emails.value" ? "username" : path;
  const single = Object.hasOwn(SINGLE, key) ? SINGLE[key] : undefined;
  if (!single || path.includes(":"))
    throw new ScimError(400, "scim.errors.invalidSort", "invalidValue", { attribute: sortBy.slice(0, 100) });
  return single.kind === "text" ? sql`lower(${single.expr})` : single.expr;
}
