import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import {
  identities,
  organizations,
  roleAssignments,
  securityRoleAssigners,
  securityRoles,
  userDrafts,
} from "~/db/schema";
import { recordAudit } from "~/admin/audit.server";
import { isUniqueViolation } from "~/db/errors";
import { deliverSoon } from "~/mail/outbox.server";
import {
  assignableRoleIds,
  changeWithin,
  contactProblems,
  contactSchema,
  draftChanges,
  draftOfUser,
  newUserDraft,
  rebaseDraft,
  rolesToCopy,
  type DraftChange,
  type EditorTab,
  type UserDraft,
} from "./draft";
import { getManagedUser, locationIdsOf } from "./users.server";
import { queueVerification } from "./verification.server";

/** A new user's draft is filed under subject 0 (no identity yet). */
export const NEW_USER = 0;

/** What the administrator may give in the editor: their own locations and the roles they may assign. */
export interface EditorChoices {
  locations: { id: number; name: string }[];
  roles: { id: number; displayName: string; excludeFromCopyUser: boolean }[];
}

/** The actor's locations and assignable roles, by name. */
export async function editorChoices(database: Executor, actorId: number): Promise<EditorChoices> {
  const own = await locationIdsOf(database, actorId);
  const [locations, roles, assigners, held] = await Promise.all([
    own.length
      ? database
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(inArray(organizations.id, own))
          .orderBy(asc(sql`lower(${organizations.name})`))
      : [],
    database
      .select({
        id: securityRoles.id,
        displayName: securityRoles.displayName,
        excludeFromCopyUser: securityRoles.excludeFromCopyUser,
      })
      .from(securityRoles)
      .orderBy(asc(sql`lower(${securityRoles.displayName})`)),
    database.select().from(securityRoleAssigners),
    database
      .selectDistinct({ id: roleAssignments.securityRoleId })
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, actorId)),
  ]);
  const assignable = new Set(
    assignableRoleIds(
      roles.map((role) => ({
        id: role.id,
        assignerIds: assigners.filter((a) => a.roleId === role.id).map((a) => a.assignerId),
      })),
      held.map((h) => h.id),
    ),
  );
  return { locations, roles: roles.filter((role) => assignable.has(role.id)) };
}

/** A stored draft, read back defensively (it is ours, but a schema change must not break an old one). */
function draftOf(data: Record<string, unknown>): UserDraft {
  const ids = (value: unknown) =>
    Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  const contact = (typeof data.contact === "object" && data.contact ? data.contact : {}) as UserDraft["contact"];
  return { contact, locations: ids(data.locations), roles: ids(data.roles) };
}

/** A stored draft, the user as it was when the draft began (edits only) and that moment's stamp. */
export interface StoredDraft {
  draft: UserDraft;
  began: UserDraft | null;
  baseStamp: string | null;
}

export async function readDraft(database: Executor, actorId: number, subjectId: number): Promise<StoredDraft | null> {
  const [row] = await database
    .select()
    .from(userDrafts)
    .where(and(eq(userDrafts.actorId, actorId), eq(userDrafts.subjectId, subjectId)));
  if (!row) return null;
  const began =
    typeof row.data.began === "object" && row.data.began ? draftOf(row.data.began as Record<string, unknown>) : null;
  return { draft: draftOf(row.data), began, baseStamp: row.baseStamp };
}

/**
 * Files the draft (replacing the administrator's earlier one for that user), with the user as it
 * was when the draft began (`began`, null for a new user) so a stale draft can be merged.
 */
export async function writeDraft(
  database: Executor,
  actorId: number,
  subjectId: number,
  draft: UserDraft,
  baseStamp: string | null,
  began: UserDraft | null = null,
): Promise<void> {
  const data = { ...draft, ...(began ? { began } : {}) } as unknown as Record<string, unknown>;
  await database
    .insert(userDrafts)
    .values({ actorId, subjectId, data, baseStamp, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [userDrafts.actorId, userDrafts.subjectId],
      set: { data, baseStamp, updatedAt: new Date() },
    });
}

export async function discardDraft(database: Executor, actorId: number, subjectId: number): Promise<void> {
  await database.delete(userDrafts).where(and(eq(userDrafts.actorId, actorId), eq(userDrafts.subjectId, subjectId)));
}

/**
 * Whether a draft gives only what the administrator may give: locations of their own and roles
 * they may assign (added or removed; what was there before may stay). A forged post fails this.
 */
export function draftWithinChoices(before: UserDraft | null, draft: UserDraft, choices: EditorChoices): boolean {
  return (
    changeWithin(before?.locations ?? [], draft.locations, new Set(choices.locations.map((l) => l.id))) &&
    changeWithin(before?.roles ?? [], draft.roles, new Set(choices.roles.map((r) => r.id)))
  );
}

/** A field the review says still needs a value, on its tab. */
export interface DraftProblem {
  tab: Exclude<EditorTab, "review">;
  field: string;
  message: string;
}

/** What must be fixed before a draft can be completed: contact fields, at least one location and one role. */
export function draftProblems(draft: UserDraft): DraftProblem[] {
  return [
    ...contactProblems(draft.contact).map((p) => ({ tab: "contact" as const, ...p })),
    ...(draft.locations.length
      ? []
      : [{ tab: "locations" as const, field: "locations", message: "validations.required" }]),
    ...(draft.roles.length ? [] : [{ tab: "roles" as const, field: "roles", message: "validations.required" }]),
  ];
}

/** The review of a draft: every change with names, and what still needs a value. */
export async function draftReview(
  database: Executor,
  before: UserDraft | null,
  draft: UserDraft,
): Promise<{ changes: DraftChange[]; problems: DraftProblem[] }> {
  const locationIds = [...new Set([...(before?.locations ?? []), ...draft.locations])];
  const roleIds = [...new Set([...(before?.roles ?? []), ...draft.roles])];
  const [locations, roles] = await Promise.all([
    locationIds.length
      ? database
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(inArray(organizations.id, locationIds))
      : [],
    roleIds.length
      ? database
          .select({ id: securityRoles.id, name: securityRoles.displayName })
          .from(securityRoles)
          .where(inArray(securityRoles.id, roleIds))
      : [],
  ]);
  const nameIn = (rows: { id: number; name: string }[]) => (id: number) =>
    rows.find((row) => row.id === id)?.name ?? `#${id}`;
  return {
    changes: draftChanges(before, draft, { location: nameIn(locations), role: nameIn(roles) }),
    problems: draftProblems(draft),
  };
}

export type CompleteOutcome =
  | { kind: "created"; id: number; email: string }
  | { kind: "missing" }
  | { kind: "incomplete"; problems: DraftProblem[] }
  | { kind: "emailTaken" }
  | { kind: "forbidden" };

/** A serial number for a new user: unique, not guessable from the id. */
function newSerialNumber(): string {
  return `U${randomBytes(6).toString("hex").toUpperCase()}`;
}

/**
 * "Review and complete" of a new user: in one transaction the draft is checked again (complete,
 * within the administrator's choices, e-mail free), the user and their roles at each location are
 * written, every field is audited, the verification e-mail is queued and the draft goes.
 */
export async function completeNewUser(
  database: Database,
  actorId: number,
  publicUrl: string,
  now = new Date(),
): Promise<CompleteOutcome> {
  const create = database.transaction(async (tx): Promise<CompleteOutcome> => {
    const stored = await readDraft(tx, actorId, NEW_USER);
    if (!stored) return { kind: "missing" };
    const { draft } = stored;
    const problems = draftProblems(draft);
    if (problems.length) return { kind: "incomplete", problems };
    if (!draftWithinChoices(null, draft, await editorChoices(tx, actorId))) return { kind: "forbidden" };
    const contact = contactSchema.parse(draft.contact);
    const [taken] = await tx
      .select({ id: identities.id })
      .from(identities)
      .where(sql`lower(${identities.email}) = ${contact.email.toLowerCase()}`);
    if (taken) return { kind: "emailTaken" };
    const [created] = await tx
      .insert(identities)
      .values({
        ...contact,
        jobTitle: contact.jobTitle || null,
        phoneMobile: contact.phoneMobile || null,
        phoneSecondary: contact.phoneSecondary || null,
        fax: contact.fax || null,
        activeDirectoryUsername: contact.activeDirectoryUsername || null,
        listingName: contact.listingName || null,
        serialNumber: newSerialNumber(),
        modifiedBy: actorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(roleAssignments).values(
      draft.locations.flatMap((organizationId, index) =>
        draft.roles.map((securityRoleId) => ({
          identityId: created.id,
          securityRoleId,
          organizationId,
          isPreferred: index === 0,
        })),
      ),
    );
    const { changes } = await draftReview(tx, null, draft);
    await recordAudit(tx, {
      entity: "identity",
      entityId: created.id,
      operation: "create",
      changes: changes.map((c) => ({ field: c.field, oldValue: null, newValue: c.after })),
      actorId,
      at: now,
    });
    await queueVerification(tx, created, publicUrl, now);
    await discardDraft(tx, actorId, NEW_USER);
    return { kind: "created", id: created.id, email: created.email };
  });
  // Another administrator may have taken the address between the check and the insert.
  const outcome = await create.catch((error: unknown) => {
    if (isUniqueViolation(error)) return { kind: "emailTaken" } as const;
    throw error;
  });
  if (outcome.kind === "created") void deliverSoon();
  return outcome;
}

/**
 * A new user's draft as a copy of a managed user (SPEC §2 /admin/users/copyuser): the source's
 * locations the administrator holds (preferred first) and roles they may give, without roles
 * flagged "exclude from copy user"; no contact data. Null when the source is not theirs (404).
 */
export async function copyUserDraft(
  database: Executor,
  actorId: number,
  sourceId: number,
  start: Pick<UserDraft["contact"], "userType" | "role">,
): Promise<UserDraft | null> {
  const source = await getManagedUser(database, actorId, sourceId);
  if (!source) return null;
  const choices = await editorChoices(database, actorId);
  const own = new Set(choices.locations.map((location) => location.id));
  const assignable = new Set(choices.roles.map((role) => role.id));
  const held = new Set(source.assignments.map((a) => a.securityRoleId));
  return {
    ...newUserDraft({
      ...start,
      roles: rolesToCopy(
        choices.roles.filter((role) => held.has(role.id)),
        assignable,
      ),
    }),
    locations: source.locations.map((location) => location.id).filter((id) => own.has(id)),
  };
}

export type EditOutcome =
  | { kind: "saved" }
  | { kind: "unchanged" }
  | { kind: "missing" }
  | { kind: "stale" }
  | { kind: "incomplete"; problems: DraftProblem[] }
  | { kind: "emailTaken" }
  | { kind: "forbidden" };

/**
 * "Review and complete" of an edit: in one transaction, with the user locked, the draft is held
 * to the user as saved when it began (stale: someone changed the user meanwhile — the draft is
 * kept and now compares with the current data), checked again, and saved: contact data, and the
 * roles at each of the administrator's locations when locations or roles changed; every changed
 * field is audited, old → new.
 */
export async function completeUserEdit(
  database: Database,
  actorId: number,
  userId: number,
  now = new Date(),
): Promise<EditOutcome> {
  const save = database.transaction(async (tx): Promise<EditOutcome> => {
    const [locked] = await tx
      .select({ updatedAt: identities.updatedAt })
      .from(identities)
      .where(eq(identities.id, userId))
      .for("update");
    const managed = locked ? await getManagedUser(tx, actorId, userId) : null;
    if (!managed) return { kind: "missing" };
    const stored = await readDraft(tx, actorId, userId);
    if (!stored) return { kind: "unchanged" };
    const currentStamp = managed.updatedAt.toISOString();
    const before = draftOfUser(managed);
    if (stored.baseStamp !== currentStamp) {
      // Someone saved the user meanwhile: keep this administrator's changes, take theirs elsewhere.
      const merged = stored.began ? rebaseDraft(stored.draft, stored.began, before) : stored.draft;
      await writeDraft(tx, actorId, userId, merged, currentStamp, before);
      return { kind: "stale" };
    }
    const { draft } = stored;
    const problems = draftProblems(draft);
    if (problems.length) return { kind: "incomplete", problems };
    const choices = await editorChoices(tx, actorId);
    if (!draftWithinChoices(before, draft, choices)) return { kind: "forbidden" };
    const contact = contactSchema.parse(draft.contact);
    const [taken] = await tx
      .select({ id: identities.id })
      .from(identities)
      .where(and(sql`lower(${identities.email}) = ${contact.email.toLowerCase()}`, ne(identities.id, userId)));
    if (taken) return { kind: "emailTaken" };
    const { changes } = await draftReview(tx, before, draft);
    if (changes.length === 0) {
      await discardDraft(tx, actorId, userId);
      return { kind: "unchanged" };
    }
    await tx
      .update(identities)
      .set({
        ...contact,
        jobTitle: contact.jobTitle || null,
        phoneMobile: contact.phoneMobile || null,
        phoneSecondary: contact.phoneSecondary || null,
        fax: contact.fax || null,
        activeDirectoryUsername: contact.activeDirectoryUsername || null,
        listingName: contact.listingName || null,
        modifiedBy: actorId,
        updatedAt: now,
      })
      .where(eq(identities.id, userId));
    if (changes.some((change) => change.tab !== "contact")) {
      await reassign(tx, userId, draft, new Set(choices.locations.map((location) => location.id)));
    }
    await recordAudit(tx, {
      entity: "identity",
      entityId: userId,
      operation: "update",
      changes: changes.map((c) => ({ field: c.field, oldValue: c.before, newValue: c.after })),
      actorId,
      at: now,
    });
    await discardDraft(tx, actorId, userId);
    return { kind: "saved" };
  });
  return save.catch((error: unknown) => {
    if (isUniqueViolation(error)) return { kind: "emailTaken" } as const;
    throw error;
  });
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

/** The names of a draft's locations and roles the administrator may not give (they stay as they are). */
export async function keptNames(
  database: Executor,
  draft: UserDraft,
  choices: EditorChoices,
): Promise<{ locations: string[]; roles: string[] }> {
  const locationIds = draft.locations.filter((id) => !choices.locations.some((location) => location.id === id));
  const roleIds = draft.roles.filter((id) => !choices.roles.some((role) => role.id === id));
  const [locations, roles] = await Promise.all([
    locationIds.length
      ? database.select({ name: organizations.name }).from(organizations).where(inArray(organizations.id, locationIds))
      : [],
    roleIds.length
      ? database
          .select({ name: securityRoles.displayName })
          .from(securityRoles)
          .where(inArray(securityRoles.id, roleIds))
      : [],
  ]);
  return { locations: locations.map((l) => l.name), roles: roles.map((r) => r.name) };
}
