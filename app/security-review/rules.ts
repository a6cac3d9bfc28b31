import { ATTESTATION_ERROR_DAYS, ATTESTATION_WARN_DAYS, DAY_MS } from "~/limits";

export type AttestationColour = "error" | "warn" | "correct";

/** An attestation group (SPEC §4): 3 never signed in, 0 over 90 days, 1 over 30 days, 2 otherwise. */
export interface AttestationGroup {
  id: 0 | 1 | 2 | 3;
  colour: AttestationColour;
}

/** Whole days since a sign-in, or null when there was none ("?" on screen). */
export function daysSinceLogin(lastLoginAt: Date | null, now: Date): number | null {
  if (!lastLoginAt) return null;
  return Math.max(0, Math.floor((now.getTime() - lastLoginAt.getTime()) / DAY_MS));
}

/** SPEC §4 attestation groups, the first matching rule wins. */
export function attestationGroupOf(days: number | null): AttestationGroup {
  if (days === null) return { id: 3, colour: "error" };
  if (days > ATTESTATION_ERROR_DAYS) return { id: 0, colour: "error" };
  if (days > ATTESTATION_WARN_DAYS) return { id: 1, colour: "warn" };
  return { id: 2, colour: "correct" };
}

export type GroupCheckState = "checked" | "unchecked" | "indeterminate";

/** A group checkbox's state from its enabled members: all, none, or some of them selected. */
export function groupCheckState(selected: ReadonlySet<number>, enabledMembers: readonly number[]): GroupCheckState {
  const chosen = enabledMembers.filter((id) => selected.has(id)).length;
  if (chosen === 0) return "unchecked";
  return chosen === enabledMembers.length ? "checked" : "indeterminate";
}

/** A group checkbox toggles its enabled members: all on unless all were on, then all off. */
export function toggleGroup(selected: ReadonlySet<number>, enabledMembers: readonly number[]): Set<number> {
  const next = new Set(selected);
  const allOn = groupCheckState(selected, enabledMembers) === "checked";
  for (const id of enabledMembers) {
    if (allOn) next.delete(id);
    else next.add(id);
  }
  return next;
}

/** Whether an administrator's security review is due: never done, or older than the period. */
export function attestationIsDue(lastReviewAt: Date | null, now: Date, periodDays: number): boolean {
  return !lastReviewAt || now.getTime() - lastReviewAt.getTime() > periodDays * DAY_MS;
}

/**
 * Whether an administrator must review the users of the administrator's locations (adminAttestation):
 * one who manages users at one location at least, whose locations' last confirmed review (the
 * oldest location's) is older than the period, or who never had one.
 */
export function adminAttestationIsRequired(input: {
  managesUsers: boolean;
  locationCount: number;
  lastReviewAt: Date | null;
  now: Date;
  periodDays: number;
}): boolean {
  if (!input.managesUsers || input.locationCount === 0) return false;
  return attestationIsDue(input.lastReviewAt, input.now, input.periodDays);
}

/** The columns the review sorts by (SPEC §3 Attestation user). */
export const ATTESTATION_SORTS = ["daysSinceLogin", "firstName", "lastName", "email"] as const;
export type AttestationSort = (typeof ATTESTATION_SORTS)[number];

/** One row of the security review (SPEC §3 Attestation user, with its group). */
export interface AttestationRow {
  id: number;
  daysSinceLogin: number | null;
  firstName: string;
  lastName: string;
  email: string;
  group: AttestationGroup;
  /** The reviewing administrator's own row: shown, never selectable. */
  self: boolean;
}

/** Never signed in counts as the longest time. */
const dayKey = (days: number | null) => days ?? Number.POSITIVE_INFINITY;

/** The rows sorted by a column, ties by e-mail; never-signed-in is the longest time since login. */
export function sortAttestationRows<R extends AttestationRow>(
  rows: readonly R[],
  by: AttestationSort,
  type: "asc" | "desc",
): R[] {
  const sign = type === "asc" ? 1 : -1;
  const compare = (a: R, b: R) =>
    by === "daysSinceLogin"
      ? dayKey(a.daysSinceLogin) - dayKey(b.daysSinceLogin)
      : a[by].localeCompare(b[by], undefined, { sensitivity: "base" });
  return [...rows].sort((a, b) => sign * compare(a, b) || a.email.localeCompare(b.email));
}

/** The display order of the groups: never signed in, more than 90 days, more than 30, less than 30. */
export const ATTESTATION_GROUP_ORDER = [3, 0, 1, 2] as const;

/** The rows in their groups (empty groups left out), each group keeping the rows' order. */
export function groupAttestationRows<R extends AttestationRow>(
  rows: readonly R[],
): { group: AttestationGroup; rows: R[] }[] {
  return ATTESTATION_GROUP_ORDER.map((id) => rows.filter((row) => row.group.id === id))
    .filter((members) => members.length > 0)
    .map((members) => ({ group: members[0].group, rows: members }));
}

/**
 * The users a "Disable accounts" post selects: the rows picked one by one plus every member of a
 * picked group (how a group checkbox works without JavaScript); never the reviewer's own row.
 */
export function selectedForDisabling(
  rows: readonly AttestationRow[],
  picked: { identityIds: readonly number[]; groups: readonly number[] },
): number[] {
  return rows
    .filter((row) => !row.self && (picked.identityIds.includes(row.id) || picked.groups.includes(row.group.id)))
    .map((row) => row.id);
}

/**
 * Whether the required security review shows over a page (SPEC §4: once opened it stays active,
 * closes on a user-edit route and reopens on any other): not on a user's editor, nor on the
 * review's own page, which shows it itself.
 */
export function securityReviewShowsOn(pathname: string): boolean {
  if (/^\/security-review\/*$/i.test(pathname)) return false;
  return !/^\/admin\/users\/[^/]+\/edit(\/|$)/i.test(pathname);
}

/** Whether an administrator whose review is due gets the reminder now: never reminded, or not for the interval. */
export function attestationReminderIsDue(remindedAt: Date | null, now: Date, intervalDays: number): boolean {
  return !remindedAt || now.getTime() - remindedAt.getTime() >= intervalDays * DAY_MS;
}
