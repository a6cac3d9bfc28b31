import { hash } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { identities } from "~/db/schema";
import { recordAudit } from "~/audit/audit-writer.server";
import { signedInSessionId } from "~/server-context/signed-in-session.server";
import { endEverySession } from "~/users/lifecycle.server";

export interface MigrationInput {
  password: string;
  securityQuestion: string;
  securityAnswer: string;
}

export type MigrationOutcome = { kind: "changed" } | { kind: "notRequired" };

/** Answers compare without case and surrounding or repeated spaces, as people retype them. */
function normalAnswer(answer: string): string {
  return answer.trim().replace(/\s+/g, " ").toLowerCase();
}

/** A password change as the migration makes it: only for a pending account, or on demand as well. */
function passwordChange(onlyWhenPending: boolean) {
  return (
    database: Database,
    actor: Actor,
    input: MigrationInput,
    now = new Date(),
    keepSessionId = signedInSessionId(),
  ): Promise<MigrationOutcome> => storeMigration(database, actor, input, { onlyWhenPending }, now, keepSessionId);
}

/**
 * Account migration (SPEC §2, §7 POST /user/migrate/ldap): for an account flagged with the
 * changePassword required action, stores the new password, the security question and the
 * answer (hashed), and clears the flag, in one transaction; audited without any secret. The
 * input must have passed `migrationSchema`. As with any password change (issue #30), the same
 * transaction ends the user's other portal sessions and their provider sign-ins, grants and
 * tokens; the session making the change (by default the request's) stays.
 */
export const migrateAccount = passwordChange(true);

/**
 * The change-password entry opened on demand (SPEC §6, feature:dev): the same change as the
 * migration, whether or not the account awaits it; a pending flag is cleared all the same.
 * The caller checks the entry's rule (`changePasswordOnDemand` of routes.ts).
 */
export const changePasswordOnDemand = passwordChange(false);

async function storeMigration(
  database: Database,
  actor: Actor,
  input: MigrationInput,
  { onlyWhenPending }: { onlyWhenPending: boolean },
  now: Date,
  keepSessionId: string | undefined,
): Promise<MigrationOutcome> {
  const { identityId } = actor;
  const [passwordHash, answerHash] = await Promise.all([
    hash(input.password),
    hash(normalAnswer(input.securityAnswer)),
  ]);
  const pendingNow = sql`'changePassword' = any(${identities.requiredActions})`;
  return database.transaction(async (tx) => {
    const [before] = await tx
      .select({ pending: sql<boolean>`${pendingNow}` })
      .from(identities)
      .where(eq(identities.id, identityId))
      .for("update");
    if (!before || (onlyWhenPending && !before.pending)) return { kind: "notRequired" } as const;
    await tx
      .update(identities)
      .set({
        passwordHash,
        lastPassportChange: now,
        securityQuestion: input.securityQuestion,
        securityAnswerHash: answerHash,
        requiredActions: sql`array_remove(${identities.requiredActions}, 'changePassword')`,
        updatedAt: now,
        modifiedBy: identityId,
      })
      .where(eq(identities.id, identityId));
    await endEverySession(tx, identityId, { keepSessionId });
    await recordAudit(tx, {
      entity: "identity",
      entityId: identityId,
      operation: "update",
      changes: [
        { field: "password", oldValue: null, newValue: null },
        { field: "securityQuestion", oldValue: null, newValue: null },
        ...(before.pending ? [{ field: "requiredActions", oldValue: "changePassword", newValue: null }] : []),
      ],
      actorId: identityId,
      at: now,
    });
    return { kind: "changed" } as const;
  });
}

/** Whether the identity's account still awaits migration (the changePassword flag). */
export async function migrationPending(database: Database, actor: Actor): Promise<boolean> {
  const [row] = await database
    .select({ pending: sql<boolean>`'changePassword' = any(${identities.requiredActions})` })
    .from(identities)
    .where(eq(identities.id, actor.identityId));
  return Boolean(row?.pending);
}
