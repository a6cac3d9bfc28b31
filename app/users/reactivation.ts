/**
 * Issue #39 §5: what a deactivated user is told at sign-in, and whether they may still ask to be
 * active again. One request per deactivation: it stands until an administrator activates them.
 */
export interface DeactivationNotice {
  /** Inactivity (the daily job, or an administrator who chose it) says so; any other reason is not named. */
  forInactivity: boolean;
  /** When the account became inactive (ISO); null when the portal does not know it. */
  deactivatedAt: string | null;
  /** When they asked already; null: they may ask. */
  requestedAt: string | null;
}

export function deactivationNoticeOf(user: {
  deactivationReason: string | null;
  deactivatedAt: Date | null;
  reactivationRequestedAt: Date | null;
}): DeactivationNotice {
  return {
    forInactivity: user.deactivationReason === "inactivity",
    deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
    requestedAt: user.reactivationRequestedAt?.toISOString() ?? null,
  };
}

/** Whether a user may ask for reactivation now: inactive, and not asked since this deactivation. */
export function reactivationRequestable(user: { status: string; reactivationRequestedAt: Date | null }): boolean {
  return user.status === "inactive" && user.reactivationRequestedAt === null;
}
