/*
 * A portal user as a SCIM User resource and back (issue #36, ADR 40): the rules of the mapping,
 * pure. `userName` is the e-mail address; `displayName` the listing name; phone numbers of the
 * types mobile, work and fax; the enterprise `employeeNumber`; the portal extension's locations
 * and administrator flag. Values arrive in the shapes identity providers send (Entra's "True").
 */
import { ScimError } from "~/api/scim-error";
import type { identities } from "~/db/schema";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/i18n/locale";
import { ENTERPRISE_SCHEMA, PHONE_TYPES, PORTAL_SCHEMA, USER_SCHEMA } from "./scim-schemas";

/** What a User resource shows of a portal user: the identity's columns, and what SCIM names otherwise. */
export type ScimUserRecord = Pick<
  typeof identities.$inferSelect,
  | "id"
  | "email"
  | "firstName"
  | "lastName"
  | "jobTitle"
  | "phoneMobile"
  | "phoneSecondary"
  | "fax"
  | "preferredLanguage"
  | "listingName"
  | "userType"
  | "role"
  | "employeeNumber"
  | "createdAt"
  | "updatedAt"
> & {
  active: boolean;
  externalId: string | null;
  /** The user's locations among the connection's, the preferred one first. */
  locations: { id: number; name: string }[];
  /** The roles the user holds at the connection's locations. */
  groups: { id: number; name: string }[];
};

export type ScimResource = Record<string, unknown>;

/** A resource's version (its ETag): the user's edit stamp. */
export function versionOf(updatedAt: Date): string {
  return `W/"${updatedAt.toISOString()}"`;
}

function fullName(record: { firstName: string; lastName: string }): string {
  return `${record.firstName} ${record.lastName}`;
}

const PHONE_COLUMNS = { mobile: "phoneMobile", work: "phoneSecondary", fax: "fax" } as const;

/** The User resource of a portal user; `base` is the SCIM service's address (`…/scim/v2`). */
export function scimUserOf(record: ScimUserRecord, base: string): ScimResource {
  const phoneNumbers = PHONE_TYPES.flatMap((type) => {
    const value = record[PHONE_COLUMNS[type]];
    return value ? [{ value, type }] : [];
  });
  return {
    schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA, PORTAL_SCHEMA],
    id: String(record.id),
    ...(record.externalId ? { externalId: record.externalId } : {}),
    userName: record.email,
    name: { formatted: fullName(record), givenName: record.firstName, familyName: record.lastName },
    displayName: record.listingName ?? fullName(record),
    ...(record.jobTitle ? { title: record.jobTitle } : {}),
    userType: record.userType,
    preferredLanguage: record.preferredLanguage,
    locale: record.preferredLanguage,
    active: record.active,
    emails: [{ value: record.email, type: "work", primary: true }],
    ...(phoneNumbers.length ? { phoneNumbers } : {}),
    groups: record.groups.map((group) => ({
      value: String(group.id),
      display: group.name,
      $ref: `${base}/Groups/${group.id}`,
    })),
    [ENTERPRISE_SCHEMA]: {
      ...(record.employeeNumber ? { employeeNumber: record.employeeNumber } : {}),
      ...(record.locations[0] ? { organization: record.locations[0].name } : {}),
    },
    [PORTAL_SCHEMA]: {
      locations: record.locations.map((location) => String(location.id)),
      administrator: record.role === "admin",
    },
    meta: {
      resourceType: "User",
      created: record.createdAt.toISOString(),
      lastModified: record.updatedAt.toISOString(),
      location: `${base}/Users/${record.id}`,
      version: versionOf(record.updatedAt),
    },
  };
}

/** What a write of a User resource sets; an absent optional value is cleared, an absent setting kept. */
export interface ScimUserWrite {
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string | undefined;
  phoneMobile: string | undefined;
  phoneSecondary: string | undefined;
  fax: string | undefined;
  listingName: string | undefined;
  externalId: string | null;
  employeeNumber: string | null;
  preferredLanguage?: Locale;
  userType?: "internal" | "external";
  role?: "admin" | "regular";
  active?: boolean;
  locations?: number[];
}

/** A member of an object, its name matched without regard to case (SCIM attribute names are case-insensitive). */
export function memberOf(object: unknown, name: string): unknown {
  if (!object || typeof object !== "object" || Array.isArray(object)) return undefined;
  const lower = name.toLowerCase();
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : (object as Record<string, unknown>)[key];
}

function invalid(attribute: string): ScimError {
  return new ScimError(400, "scim.errors.invalidValue", "invalidValue", { attribute });
}

/** A string value (a number is taken as its digits: identity providers send employee numbers as either). */
function textOf(value: unknown, attribute: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") throw invalid(attribute);
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** A boolean, also as Entra sends it: the strings "True" and "False". */
export function booleanOf(value: unknown, attribute: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === "true";
  throw invalid(attribute);
}

/** The portal language of a SCIM language tag (`de-DE`, `pt_BR`, `zh-Hans`); one the portal does not speak is English. */
export function languageOf(tag: string): Locale {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : DEFAULT_LOCALE;
}

/** The entries of a multi-valued attribute (a single object is taken as one entry). */
function entriesOf(value: unknown, attribute: string): Record<string, unknown>[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((entry) => entry && typeof entry === "object" && !Array.isArray(entry))) throw invalid(attribute);
  return list as Record<string, unknown>[];
}

/** The value of the entry of a type (else of the primary one, else of the first, when `fallback`). */
function typedValue(entries: Record<string, unknown>[], type: string, attribute: string, fallback = false) {
  const typed = entries.filter((entry) => String(memberOf(entry, "type") ?? "").toLowerCase() === type);
  // Of several entries of the type, the primary one (an `add` appends the new address beside the old).
  const ofType = typed.find((entry) => booleanOf(memberOf(entry, "primary"), attribute)) ?? typed.at(-1);
  const chosen =
    ofType ??
    (fallback ? (entries.find((entry) => booleanOf(memberOf(entry, "primary"), attribute)) ?? entries[0]) : undefined);
  return textOf(memberOf(chosen, "value"), attribute);
}

/** The organization ids of the portal extension's locations. */
function locationIdsOf(value: unknown): number[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry) => {
    const raw = entry && typeof entry === "object" ? memberOf(entry, "value") : entry;
    const id =
      typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,10}$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw invalid("locations");
    return id;
  });
}

/**
 * What a User resource (a POST's or PUT's body, or the user after a PATCH) sets. `before`, the user
 * as they were: an e-mail changed only under `emails` (as Entra sends it) is the new user name.
 */
export function userWriteOf(resource: ScimResource, before?: ScimResource): ScimUserWrite {
  const userName = textOf(memberOf(resource, "userName"), "userName");
  const emails = entriesOf(memberOf(resource, "emails"), "emails");
  const workEmail = typedValue(emails, "work", "emails", true);
  const beforeEmail = before
    ? typedValue(entriesOf(memberOf(before, "emails"), "emails"), "work", "emails", true)
    : undefined;
  const emailChangedAlone =
    before !== undefined &&
    userName === memberOf(before, "userName") &&
    workEmail !== undefined &&
    workEmail !== beforeEmail;
  const email = emailChangedAlone ? workEmail : (userName ?? workEmail);
  if (!email) throw new ScimError(400, "scim.errors.required", "invalidValue", { attribute: "userName" });
  const name = memberOf(resource, "name");
  if (name !== undefined && name !== null && (typeof name !== "object" || Array.isArray(name))) throw invalid("name");
  const firstName = textOf(memberOf(name, "givenName"), "name.givenName");
  const lastName = textOf(memberOf(name, "familyName"), "name.familyName");
  if (!firstName) throw new ScimError(400, "scim.errors.required", "invalidValue", { attribute: "name.givenName" });
  if (!lastName) throw new ScimError(400, "scim.errors.required", "invalidValue", { attribute: "name.familyName" });
  const displayName = textOf(memberOf(resource, "displayName"), "displayName");
  // A display name the write leaves as it was read is no listing name of its own when it was the
  // full name then (a PATCH of the given name must not keep the old full name as listing name).
  const beforeName = before ? memberOf(before, "name") : undefined;
  const keptFullName =
    before !== undefined &&
    displayName === memberOf(before, "displayName") &&
    displayName === memberOf(beforeName, "formatted");
  const phones = entriesOf(memberOf(resource, "phoneNumbers"), "phoneNumbers");
  const language =
    textOf(memberOf(resource, "preferredLanguage"), "preferredLanguage") ??
    textOf(memberOf(resource, "locale"), "locale");
  const userType = textOf(memberOf(resource, "userType"), "userType")?.toLowerCase();
  if (userType !== undefined && userType !== "internal" && userType !== "external") throw invalid("userType");
  const enterprise = memberOf(resource, ENTERPRISE_SCHEMA);
  const portal = memberOf(resource, PORTAL_SCHEMA);
  const administrator = booleanOf(memberOf(portal, "administrator"), "administrator");
  const active = booleanOf(memberOf(resource, "active"), "active");
  return {
    email,
    firstName,
    lastName,
    jobTitle: textOf(memberOf(resource, "title"), "title"),
    phoneMobile: typedValue(phones, "mobile", "phoneNumbers"),
    phoneSecondary: typedValue(phones, "work", "phoneNumbers"),
    fax: typedValue(phones, "fax", "phoneNumbers"),
    // The full name as display name is no listing name of its own (it would go stale when the name changes).
    listingName: keptFullName || displayName === `${firstName} ${lastName}` ? undefined : displayName,
    externalId: textOf(memberOf(resource, "externalId"), "externalId") ?? null,
    employeeNumber: textOf(memberOf(enterprise, "employeeNumber"), "employeeNumber") ?? null,
    ...(language !== undefined ? { preferredLanguage: languageOf(language) } : {}),
    ...(userType !== undefined ? { userType: userType as "internal" | "external" } : {}),
    ...(administrator !== undefined ? { role: administrator ? ("admin" as const) : ("regular" as const) } : {}),
    ...(active !== undefined ? { active } : {}),
    ...(memberOf(portal, "locations") !== undefined ? { locations: locationIdsOf(memberOf(portal, "locations")) } : {}),
  };
}
