import { randomBytes } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import {
  applications,
  distributionLists,
  emailSubscriptions,
  identities,
  organizations,
  permissionSets,
  roleAssignments,
  securityRoles,
  userApplications,
  userPermissions,
} from "~/db/schema";
import { recordAudit } from "~/audit/audit-writer.server";
import { isUniqueViolation } from "~/db/errors";
import { deliverSoon } from "~/mail/outbox.server";
import { contactSchema, type DraftContact } from "./schema";
import { draftOfUser, sameValue, type UserDraft } from "./draft";
import { draftChanges, draftProblems, type DraftChange, type DraftProblem } from "./draft-review";
import { draftWithinChoices, editorChoices, offeredLists } from "./editor-choices.server";
import { normalPermissions, prunedToOffers, shownSets, type DigitalOffers } from "./digital-access";
import { digitalOffers } from "./digital-offers.server";
import { selfChangeRefused } from "./self-change";
import { getManagedUser, type ManagedUser } from "./users.server";
import { queueFirstVerifications } from "./verification.server";

/**
 * The review of a draft: every change with names, and what still needs a value (`offers`: what
 * the draft's access offers, for the permission sets shown).
 */
export async function draftReview(
  database: Executor,
  before: UserDraft | null,
  draft: UserDraft,
  offers: DigitalOffers,
): Promise<{ changes: DraftChange[]; problems: DraftProblem[] }> {
  const both = (pick: (d: UserDraft) => number[]) => [...new Set([...(before ? pick(before) : []), ...pick(draft)])];
  const locationIds = both((d) => d.locations);
  const roleIds = both((d) => [...d.roles, ...d.permissions.flatMap((choice) => choice.roles)]);
  const listIds = both((d) => d.emailLists);
  const applicationIds = both((d) => d.applications);
  const setIds = both((d) => d.permissions.map((choice) => choice.set));
  const [locations, roles, lists, apps, sets] = await Promise.all([
    namesOf(database, organizations, organizations.id, organizations.name, locationIds),
    namesOf(database, securityRoles, securityRoles.id, securityRoles.displayName, roleIds),
    listIds.length ? database.select().from(distributionLists).where(inArray(distributionLists.id, listIds)) : [],
    namesOf(database, applications, applications.id, applications.displayName, applicationIds),
    namesOf(database, permissionSets, permissionSets.id, permissionSets.displayName, setIds),
  ]);
  const nameIn = (rows: { id: number; name: string }[]) => (id: number) =>
    rows.find((row) => row.id === id)?.name ?? `#${id}`;
  return {
    changes: draftChanges(before, draft, {
      location: nameIn(locations),
      role: nameIn(roles),
      list: nameIn(lists.map((list) => ({ id: list.id, name: list.translations.en?.name ?? list.code }))),
      application: nameIn(apps),
      set: nameIn(sets),
    }),
    problems: draftProblems(draft, { sets: shownSets(offers, draft.applications), before }),
  };
}

/** The names of some rows of a table, by id (none asked: no query). */
async function namesOf(
  database: Executor,
  table: PgTable,
  id: PgColumn,
  name: PgColumn,
  ids: number[],
): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const rows = await database.select({ id, name }).from(table).where(inArray(id, ids));
  return rows as { id: number; name: string }[];
}

export type CreateOutcome =
  | { kind: "created"; id: number; email: string }
  | { kind: "missing" }
  | { kind: "incomplete"; problems: DraftProblem[] }
  | { kind: "emailTaken" }
  | { kind: "forbidden" };

export type EditOutcome =
  | { kind: "saved" }
  | { kind: "unchanged" }
  | { kind: "missing" }
  | { kind: "stale" }
  | { kind: "incomplete"; problems: DraftProblem[] }
  | { kind: "emailTaken" }
  | { kind: "forbidden" }
  /** The administrator's own roles, locations, access, user type or kind (issue #30). */
  | { kind: "self" };

/** A serial number for a new user: unique, not guessable from the id. */
export function newSerialNumber(): string {
  return `U${randomBytes(6).toString("hex").toUpperCase()}`;
}

/** The identity columns of complete contact data (empty optional fields stored as null). */
export function contactColumns(contact: DraftContact) {
  return {
    ...contact,
    jobTitle: contact.jobTitle || null,
    phoneMobile: contact.phoneMobile || null,
    phoneSecondary: contact.phoneSecondary || null,
    fax: contact.fax || null,
    activeDirectoryUsername: contact.activeDirectoryUsername || null,
    listingName: contact.listingName || null,
  };
}

/** Whether another identity than `exceptId` already has the address (case-insensitive). */
export async function emailTaken(database: Executor, email: string, exceptId = 0): Promise<boolean> {
  const [row] = await database
    .select({ id: identities.id })
    .from(identities)
    .where(and(sql`lower(${identities.email}) = ${email.toLowerCase()}`, ne(identities.id, exceptId)));
  return Boolean(row);
}

/**
 * Whether the draft's lists are offered at its locations (or were already subscribed): a list of
 * another brand posted by hand is refused.
 */
async function listsOffered(tx: Executor, draft: UserDraft, before?: UserDraft): Promise<boolean> {
  const offered = new Set((await offeredLists(tx, draft.locations, "en")).map((list) => list.id));
  return draft.emailLists.every((id) => offered.has(id) || before?.emailLists.includes(id));
}

/** Runs a save; a unique violation (another save took the address meanwhile) is "emailTaken". */
async function orEmailTaken<T>(save: Promise<T>): Promise<T | { kind: "emailTaken" }> {
  return save.catch((error: unknown) => {
    if (isUniqueViolation(error)) return { kind: "emailTaken" } as const;
    throw error;
  });
}

/**
 * Writes a new user from a complete draft, in the caller's transaction: checked (complete, within
 * the administrator's choices, e-mail free), then the identity, each role at each location (the
 * first preferred), the audit per field and the verification e-mail.
 */
export async function insertUser(
  database: Executor,
  actor: Actor,
  draft: UserDraft,
  publicUrl: string,
  now: Date,
  options: NewUserOptions = {},
): Promise<CreateOutcome> {
  const offers = await digitalOffers(database, 0, draft, "en");
  // A forged choice is refused before what is merely missing is reported.
  if (!draftWithinChoices(null, draft, await editorChoices(database, actor))) return { kind: "forbidden" };
  if (!(await listsOffered(database, draft)) || !digitalWithinOffers(draft, offers)) return { kind: "forbidden" };
  const review = await draftReview(database, null, draft, offers);
  const problems = options.openChoices ? review.problems.filter((p) => !isOpenChoice(p)) : review.problems;
  if (problems.length) return { kind: "incomplete", problems };
  const contact = contactSchema.parse(draft.contact);
  if (await emailTaken(database, contact.email)) return { kind: "emailTaken" };
  const [created] = await database
    .insert(identities)
    .values({
      ...contactColumns(contact),
      serialNumber: newSerialNumber(),
      modifiedBy: actor.identityId,
      createdAt: now,
      updatedAt: now,
      ...options.columns,
      ...(options.verify === false ? { emailVerifiedAt: now } : {}),
    })
    .returning();
  await database.insert(roleAssignments).values(
    draft.locations.flatMap((organizationId, index) =>
      draft.roles.map((securityRoleId) => ({
        identityId: created.id,
        securityRoleId,
        organizationId,
        isPreferred: index === 0,
      })),
    ),
  );
  await writeDigitalAccess(database, created.id, draft);
  await recordAudit(database, {
    entity: "identity",
    entityId: created.id,
    operation: "create",
    changes: [
      ...review.changes.map((c) => ({ field: c.field, oldValue: null, newValue: c.after })),
      ...(options.auditedColumns ?? []),
    ],
    actorId: actor.identityId,
    at: now,
  });
  if (draft.emailLists.length) {
    await database
      .insert(emailSubscriptions)
      .values(draft.emailLists.map((distributionListId) => ({ identityId: created.id, distributionListId })));
  }
  // A new user holds no link yet: the first one is queued without clearing earlier ones.
  if (options.verify !== false) await queueFirstVerifications(database, [created], publicUrl, now);
  return { kind: "created", id: created.id, email: created.email };
}

/** How a user is made beyond the editor's: by a SCIM connection (issue #36). */
export interface NewUserOptions {
  /** A permission set's required choice may stay open, to make on the user's page. */
  openChoices?: boolean;
  /** False: no verification e-mail — the organization's identity provider vouches for the address. */
  verify?: boolean;
  /** Identity columns the editor does not set (the provisioning connection, the external id). */
  columns?: Partial<typeof identities.$inferInsert>;
  /** Those of the columns the audit names, with the create's other fields. */
  auditedColumns?: { field: string; oldValue: null; newValue: string }[];
}

/** A required permission-set choice not made yet. */
function isOpenChoice(problem: DraftProblem): boolean {
  return problem.tab === "permissions" && problem.message === "validations.selection";
}

/** Runs a create in its own transaction; after the commit its verification e-mail leaves. */
export async function inCreateTransaction(
  database: Database,
  create: (tx: Executor) => Promise<CreateOutcome>,
): Promise<CreateOutcome> {
  const outcome = await orEmailTaken(database.transaction(create));
  if (outcome.kind === "created") void deliverSoon();
  return outcome;
}

/** Creates a user from complete data at once (the API): the same checks and writes as the editor's complete. */
export function createUser(database: Database, actor: Actor, draft: UserDraft, publicUrl: string, now = new Date()) {
  return inCreateTransaction(database, (tx) => insertUser(tx, actor, draft, publicUrl, now));
}

/**
 * Saves a draft over the user as saved (`managed`), in the caller's transaction with the user
 * locked: checked again, then contact data, and the roles at each of the administrator's
 * locations when locations or roles changed; every changed field audited, old → new. An
 * administrator's change of their own privileges is refused (issue #30).
 */
export async function updateUser(
  database: Executor,
  actor: Actor,
  managed: ManagedUser,
  draft: UserDraft,
  now: Date,
): Promise<EditOutcome> {
  const before = draftOfUser(managed);
  const offers = await digitalOffers(database, managed.id, draft, "en");
  const choices = await editorChoices(database, actor);
  const { changes, problems } = await draftReview(database, before, draft, offers);
  const changedFields = changes.map((change) => change.field);
  // One's own privileges first: that refusal holds whatever else the change would need.
  if (selfChangeRefused(actor.identityId, managed.id, changedFields)) return { kind: "self" };
  if (!draftWithinChoices(before, draft, choices)) return { kind: "forbidden" };
  if (!(await listsOffered(database, draft, before)) || !digitalWithinOffers(draft, offers))
    return { kind: "forbidden" };
  if (problems.length) return { kind: "incomplete", problems };
  const contact = contactSchema.parse(draft.contact);
  if (await emailTaken(database, contact.email, managed.id)) return { kind: "emailTaken" };
  if (changes.length === 0) return { kind: "unchanged" };
  await database
    .update(identities)
    .set({ ...contactColumns(contact), modifiedBy: actor.identityId, updatedAt: now })
    .where(eq(identities.id, managed.id));
  if (changes.some((change) => change.tab === "locations" || change.tab === "roles")) {
    await reassign(database, managed.id, draft, new Set(choices.locations.map((location) => location.id)));
  }
  if (changes.some((change) => change.tab === "applications" || change.tab === "permissions")) {
    await database.delete(userApplications).where(eq(userApplications.identityId, managed.id));
    await database.delete(userPermissions).where(eq(userPermissions.identityId, managed.id));
    await writeDigitalAccess(database, managed.id, draft);
  }
  if (changes.some((change) => change.tab === "emails")) {
    await database.delete(emailSubscriptions).where(eq(emailSubscriptions.identityId, managed.id));
    if (draft.emailLists.length) {
      await database
        .insert(emailSubscriptions)
        .values(draft.emailLists.map((distributionListId) => ({ identityId: managed.id, distributionListId })));
    }
  }
  await recordAudit(database, {
    entity: "identity",
    entityId: managed.id,
    operation: "update",
    changes: changes.map((c) => ({ field: c.field, oldValue: c.before, newValue: c.after })),
    actorId: actor.identityId,
    at: now,
  });
  return { kind: "saved" };
}

/**
 * Runs an edit in its own transaction with the user locked; `save` gets the user as saved now
 * (another dealer's user is missing).
 */
export async function inEditTransaction(
  database: Database,
  actor: Actor,
  userId: number,
  save: (tx: Executor, managed: ManagedUser) => Promise<EditOutcome>,
): Promise<EditOutcome> {
  return orEmailTaken(
    database.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: identities.id })
        .from(identities)
        .where(eq(identities.id, userId))
        .for("update");
      const managed = locked ? await getManagedUser(tx, actor, userId) : null;
      return managed ? save(tx, managed) : { kind: "missing" };
    }),
  );
}

/** The fields an API PATCH may change: any of contact data, locations (the first preferred) and roles. */
export type UserPatch = Partial<DraftContact> &
  Partial<Pick<UserDraft, "locations" | "roles" | "applications" | "permissions" | "emailLists">>;

/**
 * Changes a user at once (the API's PATCH): the patch over the user as saved, then the editor's
 * checks and writes. With `stamp` (the `updatedAt` read) a user changed since is stale.
 */
export function editUser(
  database: Database,
  actor: Actor,
  userId: number,
  patch: UserPatch,
  stamp: string | undefined,
  now = new Date(),
) {
  return inEditTransaction(database, actor, userId, async (tx, managed) => {
    if (stamp !== undefined && stamp !== managed.updatedAt.toISOString()) return { kind: "stale" };
    return updateUser(tx, actor, managed, await patchedDraft(tx, managed, patch), now);
  });
}

/**
 * The draft of a patch over the user as saved: what the patch leaves alone follows the new access
 * (as the editor's tabs do); what it gives is checked when saved.
 */
export async function patchedDraft(tx: Executor, managed: ManagedUser, patch: UserPatch): Promise<UserDraft> {
  const before = draftOfUser(managed);
  const { locations, roles, applications, permissions, emailLists, ...contact } = patch;
  const merged: UserDraft = {
    contact: { ...before.contact, ...contact },
    locations: locations ?? before.locations,
    roles: roles ?? before.roles,
    applications: applications ?? before.applications,
    permissions: permissions ? normalPermissions(permissions) : before.permissions,
    emailLists: emailLists ?? before.emailLists,
  };
  // What the patch leaves alone follows the new access (as the editor's tabs do); what it gives is checked.
  const pruned = prunedToOffers(merged, await digitalOffers(tx, managed.id, merged, "en"));
  return {
    ...merged,
    applications: applications ? merged.applications : pruned.applications,
    permissions: permissions ? merged.permissions : pruned.permissions,
  };
}

/**
 * The user's roles at the administrator's own locations become the draft's (each role at each
 * chosen location); assignments at other administrators' locations stay. The draft's first
 * location is the preferred one everywhere.
 */
async function reassign(tx: Executor, userId: number, draft: UserDraft, own: ReadonlySet<number>): Promise<void> {
  const ownIds = [...own];
  if (ownIds.length) {
    await tx
      .delete(roleAssignments)
      .where(and(eq(roleAssignments.identityId, userId), inArray(roleAssignments.organizationId, ownIds)));
  }
  const rows = draft.locations
    .filter((id) => own.has(id))
    .flatMap((organizationId) =>
      draft.roles.map((securityRoleId) => ({ identityId: userId, securityRoleId, organizationId, isPreferred: false })),
    );
  if (rows.length) await tx.insert(roleAssignments).values(rows);
  await tx
    .update(roleAssignments)
    .set({ isPreferred: sql`${roleAssignments.organizationId} = ${draft.locations[0] ?? 0}` })
    .where(eq(roleAssignments.identityId, userId));
}

/** Whether the draft assigns only applications its access offers and chooses only in the sets shown. */
function digitalWithinOffers(draft: UserDraft, offers: DigitalOffers): boolean {
  const pruned = prunedToOffers(draft, offers);
  return (
    sameValue(pruned.applications, draft.applications) &&
    sameValue(pruned.permissions, normalPermissions(draft.permissions))
  );
}

/** Writes the draft's application assignments and digital permissions of a user (none there yet). */
async function writeDigitalAccess(tx: Executor, identityId: number, draft: UserDraft): Promise<void> {
  if (draft.applications.length) {
    await tx
      .insert(userApplications)
      .values(draft.applications.map((applicationId) => ({ identityId, applicationId })));
  }
  const rows = draft.permissions.flatMap((choice) =>
    choice.roles.map((securityRoleId) => ({ identityId, permissionSetId: choice.set, securityRoleId })),
  );
  if (rows.length) await tx.insert(userPermissions).values(rows);
}
