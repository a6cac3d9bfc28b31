import type { StoredImportReport } from "~/db/schema";
import type { DryRunReport } from "./dry-run.server";

/** Where an import is: checked (the dry run's report), queued, running, done or failed. */
export type ImportRunState = "checked" | "queued" | "running" | "done" | "failed";

/** A running import that has not written its heartbeat for this long has lost its server. */
export const IMPORT_HEARTBEAT_STALE_MS = 60_000;

/** The problems a run keeps and shows (the count says how many there were). */
export const MAX_KEPT_PROBLEMS = 1000;

/**
 * What an import shows: a running import whose heartbeat stopped (its server was killed
 * mid-transaction, so nothing of it was written) has failed and may be run again.
 */
export function shownImportState(run: { state: ImportRunState; heartbeatAt: Date | null }, now: Date): ImportRunState {
  if (
    run.state === "running" &&
    run.heartbeatAt &&
    now.getTime() - run.heartbeatAt.getTime() > IMPORT_HEARTBEAT_STALE_MS
  )
    return "failed";
  return run.state;
}

/**
 * Why a run shows failed: the reason it recorded, or, for a running run whose heartbeat stopped
 * (its server died before it could record anything), that it was interrupted.
 */
export function shownImportError(
  run: { state: ImportRunState; error: string | null },
  shown: ImportRunState,
): string | null {
  if (run.error) return run.error;
  return shown === "failed" && run.state === "running" ? "imports.errors.interrupted" : null;
}

/** Whether "Import" may start a run: checked or failed, without problems, with something to write. */
export function importMayStart(shown: ImportRunState, report: StoredImportReport): boolean {
  return (shown === "checked" || shown === "failed") && report.problemCount === 0 && report.create + report.update > 0;
}

/** Whether the run's page keeps asking for news (polling, or a refreshing page without JavaScript). */
export function importIsUnderWay(shown: ImportRunState): boolean {
  return shown === "queued" || shown === "running";
}

/** The progress bar's percentage: whole, 0–100. */
export function importProgressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((done / total) * 100)));
}

/** The dry run's report as a run keeps it: every count, the first problems. */
export function keptReport(report: DryRunReport): StoredImportReport {
  return {
    rows: report.rows,
    create: report.create,
    update: report.update,
    unchanged: report.unchanged,
    problemCount: report.problems.length,
    problems: report.problems.slice(0, MAX_KEPT_PROBLEMS),
  };
}
