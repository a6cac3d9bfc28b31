import { DAY_MS } from "~/limits";

/**
 * Whether a password must be changed before the portal opens (issue #15 §5): older than the
 * configured maximum age, counted from its last change or, never changed, from the account's
 * creation. Without a maximum age passwords do not expire.
 */
export function passwordHasExpired(
  account: { lastPassportChange: Date | null; createdAt: Date },
  now: Date,
  maxAgeDays: number | undefined,
): boolean {
  if (!maxAgeDays) return false;
  const changedAt = account.lastPassportChange ?? account.createdAt;
  return now.getTime() - changedAt.getTime() > maxAgeDays * DAY_MS;
}
