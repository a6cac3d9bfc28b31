import { and, eq } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { userDrafts } from "~/db/schema";
import { rolesToCopy } from "./assignable";
import { draftOfUser, newUserDraft, rebaseDraft, type UserDraft } from "./draft";
import { editorChoices } from "./editor-choices.server";
import { normalPermissions } from "./digital-access";
import {
  inCreateTransaction,
  inEditTransaction,
  insertUser,
  updateUser,
  type CreateOutcome,
  type EditOutcome,
} from "./save-user.server";
import { getManagedUser } from "./users.server";

/** A new user's draft is filed under subject 0 (no identity yet). */
export const NEW_USER = 0;

/** A stored draft, read back defensively (it is ours, but a schema change must not break an old one). */
function draftOf(data: Record<string, unknown>): UserDraft {
  const ids = (value: unknown) =>
    Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  const contact = (typeof data.contact === "object" && data.contact ? data.contact : {}) as UserDraft["contact"];
  const permissions = Array.isArray(data.permissions)
    ? data.permissions.flatMap((choice: { set?: unknown; roles?: unknown }) =>
        Number.isInteger(choice?.set) ? [{ set: choice.set as number, roles: ids(choice.roles) }] : [],
      )
    : [];
  return {
    contact,
    locations: ids(data.locations),
    roles: ids(data.roles),
    applications: ids(data.applications),
    permissions: normalPermissions(permissions),
    emailLists: ids(data.emailLists),
  };
}

/** A stored draft, the user as it was when the draft began (edits only) and that moment's stamp. */
export interface StoredDraft {
  draft: UserDraft;
  began: UserDraft | null;
  baseStamp: string | null;
}

export async function readDraft(database: Executor, actor: Actor, subjectId: number): Promise<StoredDraft | null> {
  const [row] = await database
    .select()
    .from(userDrafts)
    .where(and(eq(userDrafts.actorId, actor.identityId), eq(userDrafts.subjectId, subjectId)));
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
  actor: Actor,
  subjectId: number,
  draft: UserDraft,
  baseStamp: string | null,
  began: UserDraft | null = null,
): Promise<void> {
  const data = { ...draft, ...(began ? { began } : {}) } as unknown as Record<string, unknown>;
  await database
    .insert(userDrafts)
    .values({ actorId: actor.identityId, subjectId, data, baseStamp, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [userDrafts.actorId, userDrafts.subjectId],
      set: { data, baseStamp, updatedAt: new Date() },
    });
}

export async function discardDraft(database: Executor, actor: Actor, subjectId: number): Promise<void> {
  await database
    .delete(userDrafts)
    .where(and(eq(userDrafts.actorId, actor.identityId), eq(userDrafts.subjectId, subjectId)));
}

/**
 * "Review and complete" of a new user: the administrator's draft is written as the user (the
 * checks and writes of `insertUser`) and the draft goes, in one transaction. Nothing is written to
 * the users before.
 */
export function completeNewUser(
  database: Database,
  actor: Actor,
  publicUrl: string,
  now = new Date(),
): Promise<CreateOutcome> {
  return inCreateTransaction(database, async (tx) => {
    const stored = await readDraft(tx, actor, NEW_USER);
    if (!stored) return { kind: "missing" };
    const outcome = await insertUser(tx, actor, stored.draft, publicUrl, now);
    if (outcome.kind === "created") await discardDraft(tx, actor, NEW_USER);
    return outcome;
  });
}

/**
 * "Review and complete" of an edit: the draft is held to the user as saved when it began. Stale
 * (someone saved the user meanwhile): this administrator's changes are kept, merged with the
 * current data, and the draft now compares with it — the next complete saves. Otherwise it is
 * saved (`updateUser`) and goes; with no change it just goes.
 */
export function completeUserEdit(
  database: Database,
  actor: Actor,
  userId: number,
  now = new Date(),
): Promise<EditOutcome> {
  return inEditTransaction(database, actor, userId, async (tx, managed) => {
    const stored = await readDraft(tx, actor, userId);
    if (!stored) return { kind: "unchanged" };
    const current = draftOfUser(managed);
    const currentStamp = managed.updatedAt.toISOString();
    if (stored.baseStamp !== currentStamp) {
      const merged = stored.began ? rebaseDraft(stored.draft, stored.began, current) : stored.draft;
      await writeDraft(tx, actor, userId, merged, currentStamp, current);
      return { kind: "stale" };
    }
    const outcome = await updateUser(tx, actor, managed, stored.draft, now);
    if (outcome.kind === "saved" || outcome.kind === "unchanged") await discardDraft(tx, actor, userId);
    return outcome;
  });
}

/**
 * A new user's draft as a copy of a managed user (SPEC §2 /admin/users/copyuser): the source's
 * locations the administrator holds (preferred first) and roles they may give, without roles
 * flagged "exclude from copy user"; no contact data. Null when the source is not theirs (404).
 */
export async function copyUserDraft(
  database: Executor,
  actor: Actor,
  sourceId: number,
  start: Pick<UserDraft["contact"], "userType" | "role"> & { preferredLanguage?: string },
): Promise<UserDraft | null> {
  const source = await getManagedUser(database, actor, sourceId);
  if (!source) return null;
  const choices = await editorChoices(database, actor);
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
