import { ATTESTATION_ERROR_DAYS, ATTESTATION_WARN_DAYS } from "~/limits";

const DAY_MS = 86_400_000;

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
