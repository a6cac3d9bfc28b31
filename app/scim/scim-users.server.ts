/*
 * The SCIM Users endpoint's service (issue #36): the same services as the user screens — the
 * editor's checks and writes, the audit per field (the request's API client named as the actor),
 * deactivation that ends every session, deletion — over the users at the connection's locations.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { identities, organizations, roleAssignments, securityRoles } from "~/db/schema";
import { recordAudit } from "~/audit/audit-writer.server";
import { ScimError } from "~/api/scim-error";
import { dealerLocationsOfSql, locationIdsOf } from "~/permissions/dealer-locations.server";
import { withKept } from "~/users/assignable";
import { contactSchema, type DraftContact } from "~/users/schema";
import { DEPROVISIONED } from "~/users/lifecycle";
import { draftOfUser } from "~/users/draft";
import { activateUser, deactivateUser, deleteUser } from "~/users/lifecycle.server";
import { inCreateTransaction, inEditTransaction, insertUser, patchedDraft, updateUser } from "~/users/save-user.server";
import type { CreateOutcome, EditOutcome } from "~/users/save-user.server";
import { appliedPatch, patchOperationsOf, type PatchShape } from "./patch";
import { ENTERPRISE_SCHEMA, PORTAL_SCHEMA } from "./scim-schemas";
import {
  memberOf,
  scimUserOf,
  userWriteOf,
  versionOf,
  type ScimResource,
  type ScimUserRecord,
  type ScimUserWrite,
} from "./user-resource";
import { parsedFilterOf, userFilterSql, userSortSql } from "./user-query.server";

/** A list request's parameters, read and bounded by the route. */
export interface ScimListQuery {
  filter?: string;
  startIndex: number;
  count: number;
  sortBy?: string;
  sortOrder: "ascending" | "descending";
}

/** The users the actor manages: an assignment at one of their locations (an API client's, narrowed). */
function managedBy(actor: Actor): SQL {
  // Correlated, so a lookup of one user reads that user's assignments (the primary key's first
  // column) rather than every assignment at the connection's locations, which grow with each user it makes.
  return sql`exists (select 1 from ${roleAssignments} ra where ra.identity_id = ${identities}.id
    and ra.organization_id in (${dealerLocationsOfSql(actor.identityId)}))`;
}

/** The User resources' data of some users, their locations and roles read at the actor's locations only. */
async function recordsOf(database: Executor, actor: Actor, ids: number[]): Promise<Map<number, ScimUserRecord>> {
  if (ids.length === 0) return new Map();
  const [rows, assigned] = await Promise.all([
    database.select().from(identities).where(inArray(identities.id, ids)),
    database
      .select({
        identityId: roleAssignments.identityId,
        organizationId: roleAssignments.organizationId,
        organizationName: organizations.name,
        preferred: roleAssignments.isPreferred,
        roleId: roleAssignments.securityRoleId,
        roleName: securityRoles.displayName,
      })
      .from(roleAssignments)
      .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
      .innerJoin(securityRoles, eq(securityRoles.id, roleAssignments.securityRoleId))
      .where(
        and(
          inArray(roleAssignments.identityId, ids),
          sql`${roleAssignments.organizationId} in (${dealerLocationsOfSql(actor.identityId)})`,
        ),
      )
      .orderBy(desc(roleAssignments.isPreferred), asc(organizations.name), asc(securityRoles.displayName)),
  ]);
  const records = new Map<number, ScimUserRecord>();
  for (const row of rows) {
    const mine = assigned.filter((a) => a.identityId === row.id);
    const locations = [
      ...new Map(mine.map((a) => [a.organizationId, { id: a.organizationId, name: a.organizationName }])).values(),
    ];
    const groups = [...new Map(mine.map((a) => [a.roleId, { id: a.roleId, name: a.roleName }])).values()].sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    records.set(row.id, {
      ...row,
      active: row.status === "active",
      externalId: row.scimExternalId,
      locations,
      groups,
    });
  }
  return records;
}

/** A user at the actor's locations as a User resource, or null (another dealer's user is not there). */
export async function getScimUser(
  database: Executor,
  actor: Actor,
  id: number,
  base: string,
): Promise<ScimResource | null> {
  const [found] = await database
    .select({ id: identities.id })
    .from(identities)
    .where(and(eq(identities.id, id), managedBy(actor)));
  if (!found) return null;
  const record = (await recordsOf(database, actor, [id])).get(id);
  return record ? scimUserOf(record, base) : null;
}

/** A page of the users at the actor's locations meeting the filter, sorted, from `startIndex` (1-based). */
export async function listScimUsers(database: Executor, actor: Actor, query: ScimListQuery, base: string) {
  const where = and(
    managedBy(actor),
    query.filter ? userFilterSql(parsedFilterOf(query.filter), actor.identityId) : undefined,
  );
  const order = query.sortBy ? userSortSql(query.sortBy) : sql`${identities.id}`;
  const [[{ total }], page] = await Promise.all([
    database.select({ total: count() }).from(identities).where(where),
    query.count === 0
      ? []
      : database
          .select({ id: identities.id })
          .from(identities)
          .where(where)
          .orderBy(
            query.sortOrder === "descending" ? sql`${order} desc nulls last` : sql`${order} asc nulls last`,
            asc(identities.id),
          )
          .limit(query.count)
          .offset(query.startIndex - 1),
  ]);
  const records = await recordsOf(
    database,
    actor,
    page.map((row) => row.id),
  );
  return {
    total,
    resources: page.flatMap((row) => {
      const record = records.get(row.id);
      return record ? [scimUserOf(record, base)] : [];
    }),
  };
}

/** The contact data of a write, checked as the editor checks it (a bad value: invalidValue, naming the attribute). */
function contactOf(write: ScimUserWrite, kept: Partial<DraftContact>): DraftContact {
  const contact = {
    firstName: write.firstName,
    lastName: write.lastName,
    email: write.email,
    jobTitle: write.jobTitle,
    phoneMobile: write.phoneMobile,
    phoneSecondary: write.phoneSecondary,
    fax: write.fax,
    listingName: write.listingName,
    activeDirectoryUsername: kept.activeDirectoryUsername,
    preferredLanguage: write.preferredLanguage ?? kept.preferredLanguage ?? "en",
    userType: write.userType ?? kept.userType ?? "external",
    role: write.role ?? kept.role ?? "regular",
  };
  const parsed = contactSchema.safeParse(contact);
  if (parsed.success) return parsed.data;
  const field = String(parsed.error.issues[0]?.path[0] ?? "");
  throw new ScimError(400, "scim.errors.invalidValue", "invalidValue", {
    attribute: SCIM_ATTRIBUTE_OF[field] ?? field,
  });
}

const SCIM_ATTRIBUTE_OF: Record<string, string> = {
  firstName: "name.givenName",
  lastName: "name.familyName",
  email: "userName",
  jobTitle: "title",
  phoneMobile: 'phoneNumbers[type eq "mobile"]',
  phoneSecondary: 'phoneNumbers[type eq "work"]',
  fax: 'phoneNumbers[type eq "fax"]',
  listingName: "displayName",
};

/** The locations a write asks for, each one of the connection's (another: invalidValue). */
function locationsOf(write: ScimUserWrite, actor: Actor): number[] | undefined {
  if (!write.locations) return undefined;
  const own = new Set(actor.apiClient?.locationIds ?? []);
  const outside = write.locations.find((id) => !own.has(id));
  if (outside !== undefined) throw new ScimError(400, "scim.errors.location", "invalidValue", { id: outside });
  if (write.locations.length === 0)
    throw new ScimError(400, "scim.errors.required", "invalidValue", { attribute: "locations" });
  return [...new Set(write.locations)];
}

/** A refusal of the user services as SCIM says it. */
function refusal(outcome: CreateOutcome | EditOutcome | { kind: "self" | "missing" }): ScimError {
  switch (outcome.kind) {
    case "emailTaken":
      return new ScimError(409, "scim.errors.userNameTaken", "uniqueness");
    case "missing":
      return new ScimError(404, "scim.errors.notFound");
    case "stale":
      return new ScimError(412, "scim.errors.stale");
    case "self":
      return new ScimError(403, "scim.errors.self");
    case "forbidden":
      return new ScimError(403, "scim.errors.forbidden");
    case "incomplete":
      return new ScimError(400, "scim.errors.incomplete", "invalidValue", {
        fields: outcome.problems.map((problem) => problem.field).join(", "),
      });
  }
  return new ScimError(400, "scim.errors.invalidValue", "invalidValue", { attribute: "" });
}

/** What only SCIM sets (external id, employee number), written and audited old → new in the caller's transaction. */
async function writeProvisioningColumns(
  tx: Executor,
  actor: Actor,
  userId: number,
  write: ScimUserWrite,
  now: Date,
): Promise<void> {
  const [before] = await tx
    .select({ externalId: identities.scimExternalId, employeeNumber: identities.employeeNumber })
    .from(identities)
    .where(eq(identities.id, userId));
  const changes = (
    [
      ["externalId", before?.externalId ?? null, write.externalId],
      ["employeeNumber", before?.employeeNumber ?? null, write.employeeNumber],
    ] as const
  ).filter(([, oldValue, newValue]) => oldValue !== newValue);
  if (changes.length === 0) return;
  await tx
    .update(identities)
    .set({
      scimExternalId: write.externalId,
      employeeNumber: write.employeeNumber,
      updatedAt: now,
      modifiedBy: actor.identityId,
    })
    .where(eq(identities.id, userId));
  await recordAudit(tx, {
    entity: "identity",
    entityId: userId,
    operation: "update",
    changes: changes.map(([field, oldValue, newValue]) => ({ field, oldValue, newValue })),
    actorId: actor.identityId,
    at: now,
  });
}

/** The status a write asks for, set as the screens set it (deactivation: reason "deprovisioned", every session ends). */
async function applyActive(
  database: Database,
  actor: Actor,
  userId: number,
  active: boolean | undefined,
): Promise<void> {
  if (active === undefined) return;
  const outcome = active
    ? await activateUser(database, actor, userId)
    : await deactivateUser(database, actor, userId, DEPROVISIONED);
  if (outcome.kind === "self" || outcome.kind === "missing") throw refusal(outcome);
}

/**
 * Creates a user (POST /Users): the write at the locations it names (one location: the
 * connection's only one), with the connection's role for new users; audited, pushed and — with the
 * embedded identity provider — sent the verification e-mail, as from the screen.
 */
export async function createScimUser(
  database: Database,
  actor: Actor,
  body: unknown,
  options: { publicUrl: string; verify: boolean; base: string },
  now = new Date(),
): Promise<ScimResource> {
  const client = actor.apiClient;
  if (!client) throw new ScimError(403, "scim.errors.forbidden");
  const write = userWriteOf(isResource(body));
  const locations =
    locationsOf(write, actor) ?? (client.locationIds.length === 1 ? [...client.locationIds] : undefined);
  if (!locations) throw new ScimError(400, "scim.errors.locationRequired", "invalidValue");
  if (client.scimRoleId === null) throw new ScimError(403, "scim.errors.noRole");
  const contact = contactOf(write, {});
  const provisioned = (
    [
      ["externalId", write.externalId],
      ["employeeNumber", write.employeeNumber],
    ] as const
  ).flatMap(([field, value]) => (value === null ? [] : [{ field, oldValue: null, newValue: value }]));
  const outcome = await inCreateTransaction(database, (tx) =>
    insertUser(
      tx,
      actor,
      { contact, locations, roles: [client.scimRoleId!], applications: [], permissions: [], emailLists: [] },
      options.publicUrl,
      now,
      {
        openChoices: true,
        // A user provisioned inactive is made so at once: no sign-in, no verification e-mail.
        verify: options.verify && write.active !== false,
        columns: {
          provisionedBy: client.id,
          scimExternalId: write.externalId,
          employeeNumber: write.employeeNumber,
          ...(write.active === false ? { status: "inactive" as const, deactivationReason: DEPROVISIONED } : {}),
        },
        auditedColumns: provisioned,
      },
    ),
  );
  if (outcome.kind !== "created") throw refusal(outcome);
  // Made at the connection's locations just now: read without asking again whether it is there.
  const made = (await recordsOf(database, actor, [outcome.id])).get(outcome.id);
  if (!made) throw refusal({ kind: "missing" });
  return scimUserOf(made, options.base);
}

function isResource(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new ScimError(400, "scim.errors.body", "invalidSyntax");
  return body as Record<string, unknown>;
}

/** Whether an If-Match header allows a write over the version read now (none, `*`, or one of its tags). */
export function ifMatchHolds(header: string | null, version: string): boolean {
  if (!header || header.trim() === "*") return true;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => strip(tag) === strip(version));
}

/** The shape a PATCH of a user applies to. */
const USER_SHAPE: PatchShape = {
  attributes: new Map<string | null, string[]>([
    [
      null,
      [
        "userName",
        "name",
        "displayName",
        "title",
        "userType",
        "preferredLanguage",
        "locale",
        "active",
        "emails",
        "phoneNumbers",
        "groups",
        "externalId",
        "id",
        "meta",
      ],
    ],
    [ENTERPRISE_SCHEMA, ["employeeNumber", "organization"]],
    [PORTAL_SCHEMA, ["locations", "administrator"]],
  ]),
  readOnly: new Set(["id", "meta", "groups", `${ENTERPRISE_SCHEMA.toLowerCase()}:organization`]),
  ignored: new Set([
    "name.formatted",
    "name.middlename",
    "name.honorificprefix",
    "name.honorificsuffix",
    "nickname",
    "profileurl",
    "timezone",
    "addresses",
    "ims",
    "photos",
    "entitlements",
    "roles",
    "x509certificates",
    "password",
    ...["costcenter", "division", "department", "manager"].map((name) => `${ENTERPRISE_SCHEMA.toLowerCase()}:${name}`),
  ]),
  multiValued: new Set(["emails", "phonenumbers", "groups", `${PORTAL_SCHEMA.toLowerCase()}:locations`]),
};

/**
 * Replaces (PUT) or patches (PATCH) a user: the resource as it will be, written as the editor
 * writes a change — contact data, the locations among the connection's (others the user holds
 * stay), then what SCIM alone sets, then the status. An If-Match on an older version is 412.
 */
export async function writeScimUser(
  database: Database,
  actor: Actor,
  id: number,
  change: { kind: "replace" | "patch"; body: unknown; ifMatch: string | null },
  base: string,
  now = new Date(),
): Promise<ScimResource> {
  const current = await getScimUser(database, actor, id, base);
  if (!current) throw refusal({ kind: "missing" });
  const version = (current.meta as { version: string }).version;
  if (!ifMatchHolds(change.ifMatch, version)) throw new ScimError(412, "scim.errors.stale");
  const target =
    change.kind === "patch"
      ? appliedPatch(current, patchOperationsOf(change.body), USER_SHAPE)
      : isResource(change.body);
  const write = userWriteOf(target, current);
  // Locations are written only when the write changes them: a PATCH of a title leaves the user's
  // locations (and another administrator's preferred one) as they are.
  const shown = (memberOf(current[PORTAL_SCHEMA], "locations") as string[] | undefined) ?? [];
  const locations = sameList(write.locations?.map(String), shown) ? undefined : locationsOf(write, actor);
  const wasActive = current.active === true;
  const statusChange = write.active !== undefined && write.active !== wasActive;
  // One's own status is refused before anything is saved, not after the rest of the change.
  if (statusChange && id === actor.identityId) throw refusal({ kind: "self" });
  const outcome = await inEditTransaction(database, actor, id, async (tx, managed) => {
    if (change.ifMatch && versionOf(managed.updatedAt) !== version) return { kind: "stale" };
    const contact = contactOf(write, draftOfUser(managed).contact);
    const patch = locations
      ? {
          ...contact,
          locations: withKept(
            locations,
            managed.locations.map((location) => location.id),
            new Set(await locationIdsOf(tx, actor.identityId)),
            false,
          ),
        }
      : contact;
    const draft = await patchedDraft(tx, managed, patch);
    const saved = await updateUser(tx, actor, managed, draft, now);
    if (saved.kind !== "saved" && saved.kind !== "unchanged") return saved;
    await writeProvisioningColumns(tx, actor, id, write, now);
    return saved;
  });
  if (outcome.kind !== "saved" && outcome.kind !== "unchanged") throw refusal(outcome);
  if (statusChange) await applyActive(database, actor, id, write.active);
  const after = await getScimUser(database, actor, id, base);
  if (!after) throw refusal({ kind: "missing" });
  return after;
}

/** Deletes a user as the screen does (every session ends; the audit keeps who, not the personal data). */
export async function deleteScimUser(database: Database, actor: Actor, id: number): Promise<void> {
  const outcome = await deleteUser(database, actor, id);
  if (outcome.kind !== "deleted") throw refusal(outcome);
}

/** Whether two lists hold the same values in the same order (absent: no change asked). */
function sameList(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return a === undefined || (a.length === b.length && a.every((value, index) => value === b[index]));
}
