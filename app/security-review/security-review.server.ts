import { and, desc, eq, inArray, isNull, isNotNull, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { identities, organizations, roleAssignments, securityReviews } from "~/db/schema";
import { deactivateUser } from "~/users/lifecycle.server";
import type { Actor } from "~/permissions/actor";
import { locationIdsOf } from "~/permissions/dealer-locations.server";
import { attestationGroupOf, daysSinceLogin, sortAttestationRows, type AttestationRow } from "./rules";

/** One row of the security review. */
export type AttestationUser = AttestationRow;

/**
 * The active users of the administrator's locations (the users the administrator manages), with
 * days since their last sign-in and their group, sorted by days since login descending.
 */
export async function attestationUsers(database: Executor, actor: Actor, now = new Date()): Promise<AttestationUser[]> {
  const locations = await locationIdsOf(database, actor.identityId);
  if (locations.length === 0) return [];
  const rows = await database
    .selectDistinct({
      id: identities.id,
      firstName: identities.firstName,
      lastName: identities.lastName,
      email: identities.email,
      lastLoginAt: identities.lastLoginAt,
    })
    .from(identities)
    .innerJoin(roleAssignments, eq(roleAssignments.identityId, identities.id))
    .where(and(inArray(roleAssignments.organizationId, locations), eq(identities.status, "active")));
  const users = rows.map((row) => {
    const days = daysSinceLogin(row.lastLoginAt, now);
    return {
      id: row.id,
      daysSinceLogin: days,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      group: attestationGroupOf(days),
      self: row.id === actor.identityId,
    };
  });
  return sortAttestationRows(users, "daysSinceLogin", "desc");
}

/** The administrator's review under way (not confirmed yet), if any. */
async function openReview(database: Executor, adminId: number) {
  const [open] = await database
    .select()
    .from(securityReviews)
    .where(and(eq(securityReviews.reviewerId, adminId), isNull(securityReviews.confirmedAt)))
    .orderBy(desc(securityReviews.startedAt))
    .limit(1);
  return open ?? null;
}

/**
 * "Disable accounts": deactivates each selected user the administrator manages (every session
 * ends), never the administrator's own; the disabled ones are kept on the review under way.
 */
export async function disableAccounts(
  database: Database,
  actor: Actor,
  identityIds: readonly number[],
): Promise<{ disabled: number[]; refused: number[] }> {
  const disabled: number[] = [];
  const refused: number[] = [];
  for (const id of new Set(identityIds)) {
    const outcome = await deactivateUser(database, actor, id, "securityConcern");
    if (outcome.kind === "done") disabled.push(id);
    else if (outcome.kind !== "unchanged") refused.push(id);
  }
  if (disabled.length > 0) {
    const open = await openReview(database, actor.identityId);
    if (open) {
      await database
        .update(securityReviews)
        .set({ disabledIdentityIds: [...new Set([...open.disabledIdentityIds, ...disabled])] })
        .where(eq(securityReviews.id, open.id));
    } else {
      await database.insert(securityReviews).values({ reviewerId: actor.identityId, disabledIdentityIds: disabled });
    }
  }
  return { disabled, refused };
}

/**
 * Proceed: the administrator confirms the list is accurate. The review is recorded with who and
 * when, the locations it covered, the users listed (those disabled during it included).
 */
export async function confirmAttestation(database: Database, actor: Actor, now = new Date()): Promise<number> {
  const [listed, locations] = await Promise.all([
    attestationUsers(database, actor, now),
    locationIdsOf(database, actor.identityId),
  ]);
  return database.transaction(async (tx) => {
    const open = await openReview(tx, actor.identityId);
    const listedIds = [...new Set([...listed.map((u) => u.id), ...(open?.disabledIdentityIds ?? [])])];
    const values = { organizationIds: locations, listedIdentityIds: listedIds, confirmedAt: now };
    if (open) {
      await tx.update(securityReviews).set(values).where(eq(securityReviews.id, open.id));
      return open.id;
    }
    const [created] = await tx
      .insert(securityReviews)
      .values({ ...values, reviewerId: actor.identityId, startedAt: now })
      .returning({ id: securityReviews.id });
    return created.id;
  });
}

/** A Postgres int[] of the given ids, as bound parameters. */
function intArray(ids: readonly number[]) {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
}

/** The confirmed reviews covering any of these locations, newest first (the evidence). */
export function reviewHistoryOf(database: Executor, locations: readonly number[]) {
  return database
    .select()
    .from(securityReviews)
    .where(
      and(isNotNull(securityReviews.confirmedAt), sql`${securityReviews.organizationIds} && ${intArray(locations)}`),
    )
    .orderBy(desc(securityReviews.confirmedAt));
}

/** One confirmed review as the history export shows it: when, by whom, where, who was listed and who disabled. */
export interface ReviewHistoryRow {
  confirmedAt: Date;
  reviewer: string;
  locations: string;
  listed: string;
  disabled: string;
}

/**
 * The review history of the administrator's locations (the evidence), newest first: every
 * confirmed review covering one of them, with names and e-mails in place of ids.
 */
export async function reviewHistoryRows(database: Executor, actor: Actor): Promise<ReviewHistoryRow[]> {
  const locations = await locationIdsOf(database, actor.identityId);
  if (locations.length === 0) return [];
  const reviews = await reviewHistoryOf(database, locations);
  const personIds = [
    ...new Set(reviews.flatMap((r) => [r.reviewerId ?? 0, ...r.listedIdentityIds, ...r.disabledIdentityIds])),
  ];
  const orgIds = [...new Set(reviews.flatMap((r) => r.organizationIds))];
  const [people, orgs] = await Promise.all([
    personIds.length
      ? database
          .select({ id: identities.id, email: identities.email })
          .from(identities)
          .where(inArray(identities.id, personIds))
      : [],
    orgIds.length
      ? database
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(inArray(organizations.id, orgIds))
      : [],
  ]);
  const email = new Map(people.map((p) => [p.id, p.email]));
  const orgName = new Map(orgs.map((o) => [o.id, o.name]));
  // A user deleted since is kept as their id: the evidence does not lose a line.
  const emails = (ids: readonly number[]) => ids.map((id) => email.get(id) ?? `#${id}`).join("; ");
  return reviews.map((review) => ({
    confirmedAt: review.confirmedAt!,
    reviewer: review.reviewerId ? (email.get(review.reviewerId) ?? `#${review.reviewerId}`) : "",
    locations: review.organizationIds.map((id) => orgName.get(id) ?? `#${id}`).join("; "),
    listed: emails(review.listedIdentityIds),
    disabled: emails(review.disabledIdentityIds),
  }));
}
