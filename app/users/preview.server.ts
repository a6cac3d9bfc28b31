import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { identities } from "~/db/schema";
import { recordAudit } from "~/audit/audit-writer.server";
import type { Actor } from "~/permissions/actor";
import { actorFrom, loadAccessProfile } from "~/permissions/access-profile.server";
import { actorManages } from "./users.server";

/** Whom a preview shows: the user as the portal would see them signed in. */
export interface PreviewSubject {
  actor: Actor;
  name: string;
  firstName: string;
  /** An inactive user cannot sign in: the preview shows what they would see once activated. */
  active: boolean;
}

/**
 * Issue #39 §2, preview as a user: the user as the guards would see them, for an administrator who
 * manages them (null otherwise: "Page not found"). No session of theirs is made; the look is
 * audited ("previewed") on the user, by the administrator.
 */
export async function previewSubject(
  database: Database,
  admin: Actor,
  userId: number,
  options: { audit: boolean } = { audit: true },
): Promise<PreviewSubject | null> {
  return database.transaction(async (tx) => {
    if (!(await actorManages(tx, admin, userId))) return null;
    const [identity] = await tx
      .select({ firstName: identities.firstName, lastName: identities.lastName, status: identities.status })
      .from(identities)
      .where(eq(identities.id, userId));
    const profile = identity ? await loadAccessProfile(tx, userId, { evenInactive: true }) : null;
    if (!identity || !profile) return null;
    if (options.audit)
      await recordAudit(tx, {
        entity: "identity",
        entityId: userId,
        operation: "previewed",
        changes: [],
        actorId: admin.identityId,
      });
    return {
      actor: actorFrom(userId, profile),
      name: `${identity.firstName} ${identity.lastName}`,
      firstName: identity.firstName,
      active: identity.status === "active",
    };
  });
}
