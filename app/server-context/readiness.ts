/** Where a server is in its life: preparing (migrations, seed, jobs), serving, or shutting down. */
export type ServerPhase = "starting" | "ready" | "stopping";

/** What a readiness check found. */
export interface ReadinessFacts {
  phase: ServerPhase;
  /** Whether the database answered within the check's time; null when it was not asked (not ready yet). */
  databaseAnswers: boolean | null;
  /** Migrations the code has that the database has not applied. */
  pendingMigrations: number;
  /** The job runner where this instance runs jobs: started, failed to start, or not this instance's. */
  jobs: "started" | "failed" | "elsewhere";
  /** How long the oldest e-mail still to be delivered has waited, in minutes; null when none waits. */
  oldestWaitingMailMinutes: number | null;
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Whether this instance should be sent requests: not while starting or
 * stopping, not when the database does not answer or lacks a migration, not when its job runner
 * failed to start, not when mail has waited longer than the outbox may (something stopped delivering).
 */
export function readinessOf(facts: ReadinessFacts, outboxStuckMinutes: number): Readiness {
  if (facts.phase === "starting") return { ready: false, reason: "starting" };
  if (facts.phase === "stopping") return { ready: false, reason: "shutting down" };
  if (facts.databaseAnswers !== true) return { ready: false, reason: "the database does not answer" };
  if (facts.pendingMigrations > 0)
    return { ready: false, reason: `${facts.pendingMigrations} database migration(s) not applied` };
  if (facts.jobs === "failed") return { ready: false, reason: "the job runner did not start" };
  if (facts.oldestWaitingMailMinutes !== null && facts.oldestWaitingMailMinutes > outboxStuckMinutes)
    return { ready: false, reason: `e-mail has waited ${facts.oldestWaitingMailMinutes} minutes to be delivered` };
  return { ready: true };
}
