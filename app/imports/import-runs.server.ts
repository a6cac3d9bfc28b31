import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database, DatabaseHandle, Executor } from "~/db/client.server";
import { importRuns, type StoredImportResult } from "~/db/schema";
import { QUEUED_JOBS, sendJob } from "~/jobs/queue.server";
import { safeFileName } from "~/documents/file-types";
import { logger } from "~/logger.server";
import type { Actor } from "~/permissions/actor";
import { actorFrom, loadAccessProfile } from "~/permissions/access-profile.server";
import type { ImportKind } from "./columns";
import { importFileKind, type ImportFileKind } from "./file-kind";
import type { DryRunOutcome } from "./dry-run.server";
import { applyIdentityImport, dryRunIdentityImport, ImportConflictError } from "./identity-import.server";
import type { IdentityImportRow } from "./identity-rules";
import { applyOrganizationImport, dryRunOrganizationImport } from "./organization-import.server";
import type { OrganizationImportRow } from "./organization-rules";
import {
  IMPORT_HEARTBEAT_STALE_MS,
  importIsUnderWay,
  importMayStart,
  importProgressPercent,
  keptReport,
  shownImportError,
  shownImportState,
} from "./run-state";

/** The dry run of a kind of import. */
function dryRunOf(
  kind: ImportKind,
): (
  database: Executor,
  actor: Actor,
  fileType: ImportFileKind,
  bytes: Uint8Array,
) => Promise<DryRunOutcome<IdentityImportRow | OrganizationImportRow>> {
  return kind === "identities" ? dryRunIdentityImport : dryRunOrganizationImport;
}

/** An upload checked: the run that keeps its report, or the spec's wrong type. */
export type CheckOutcome = { kind: "checked"; runId: number } | { kind: "wrongType" };

/**
 * Checks an uploaded file (issue #17 §1): its type by content, then the dry run; keeps the file
 * and the report as a run of the administrator's, for the import to start from. Writes nothing else.
 */
export async function checkImportFile(
  database: Database,
  actor: Actor,
  kind: ImportKind,
  upload: { name: string; bytes: Uint8Array },
): Promise<CheckOutcome> {
  const fileType = importFileKind(upload.bytes.subarray(0, 4096));
  if (!fileType) return { kind: "wrongType" };
  const outcome = await dryRunOf(kind)(database, actor, fileType, upload.bytes);
  if (outcome.kind === "unreadable") return { kind: "wrongType" };
  const [run] = await database
    .insert(importRuns)
    .values({
      kind,
      actorId: actor.identityId,
      fileName: safeFileName(upload.name),
      fileType,
      file: upload.bytes,
      state: "checked",
      report: keptReport(outcome.report),
      total: outcome.report.create + outcome.report.update + outcome.report.unchanged,
    })
    .returning({ id: importRuns.id });
  return { kind: "checked", runId: run.id };
}

const runColumns = {
  id: importRuns.id,
  kind: importRuns.kind,
  fileName: importRuns.fileName,
  state: importRuns.state,
  report: importRuns.report,
  done: importRuns.done,
  total: importRuns.total,
  result: importRuns.result,
  error: importRuns.error,
  createdAt: importRuns.createdAt,
  heartbeatAt: importRuns.heartbeatAt,
  finishedAt: importRuns.finishedAt,
};

/** One of the administrator's runs as its page shows it (state as shown), or undefined. */
export async function importRunOf(database: Executor, actor: Actor, runId: number, now = new Date()) {
  const [run] = await database
    .select(runColumns)
    .from(importRuns)
    .where(and(eq(importRuns.id, runId), eq(importRuns.actorId, actor.identityId)));
  if (!run) return run;
  const state = shownImportState(run, now);
  return { ...run, state, error: shownImportError(run, state) };
}
export type ImportRunView = NonNullable<Awaited<ReturnType<typeof importRunOf>>>;

/** The administrator's latest runs of a kind, newest first (the upload screen lists them). */
export async function recentImportRuns(database: Executor, actor: Actor, kind: ImportKind, now = new Date()) {
  const runs = await database
    .select(runColumns)
    .from(importRuns)
    .where(and(eq(importRuns.actorId, actor.identityId), eq(importRuns.kind, kind)))
    .orderBy(desc(importRuns.createdAt), desc(importRuns.id))
    .limit(10);
  return runs.map((run) => ({ ...run, state: shownImportState(run, now) }));
}

export type StartOutcome = "queued" | "missing" | "refused" | "unavailable";

/**
 * "Import": queues a checked run (or one that failed) as a job on the job runner. Refused when
 * its report has problems or nothing to write, or while it is under way. A run of another
 * administrator, or of another kind than the screen's (`kind`), is missing.
 */
export async function startImportRun(
  database: Database,
  actor: Actor,
  runId: number,
  { kind, now = new Date() }: { kind?: ImportKind; now?: Date } = {},
): Promise<StartOutcome> {
  const outcome = await database.transaction(async (tx): Promise<StartOutcome> => {
    const [run] = await tx
      .select({ state: importRuns.state, heartbeatAt: importRuns.heartbeatAt, report: importRuns.report })
      .from(importRuns)
      .where(
        and(
          eq(importRuns.id, runId),
          eq(importRuns.actorId, actor.identityId),
          kind === undefined ? undefined : eq(importRuns.kind, kind),
        ),
      )
      .for("update");
    if (!run) return "missing";
    if (!importMayStart(shownImportState(run, now), run.report)) return "refused";
    await tx
      .update(importRuns)
      .set({ state: "queued", done: 0, error: null, heartbeatAt: null, finishedAt: null })
      .where(eq(importRuns.id, runId));
    return "queued";
  });
  if (outcome !== "queued") return outcome;
  if (await sendJob(QUEUED_JOBS.bulkImport, { runId }).catch(() => false)) return "queued";
  await database
    .update(importRuns)
    .set({ state: "failed", error: "imports.errors.runnerUnavailable", finishedAt: now })
    .where(eq(importRuns.id, runId));
  return "unavailable";
}

/**
 * The acting user of a run's job: the administrator the run belongs to, with their access as it is
 * now (the job runs without a request or a session). Null when they can no longer act: inactive or gone.
 */
async function runOwner(database: Executor, identityId: number): Promise<Actor | null> {
  const profile = await loadAccessProfile(database, identityId);
  return profile && actorFrom(identityId, profile);
}

/**
 * The bulk-import job: takes a queued run (once: a second delivery finds it taken), checks the file
 * again as the run's administrator with their rights of now (one who can no longer act fails the
 * run as changed since the check), and applies it in one transaction. On PostgreSQL
 * the progress and a heartbeat are written beside the transaction as it goes; PGlite has one
 * connection, which the transaction holds, so there the run jumps from running to done.
 */
export async function runImportJob(
  handle: Pick<DatabaseHandle, "db" | "kind">,
  runId: number,
  options: { publicUrl: string; now?: () => Date },
): Promise<{ imported: number }> {
  const now = options.now ?? (() => new Date());
  const database = handle.db;
  const [run] = await database
    .update(importRuns)
    .set({ state: "running", done: 0, heartbeatAt: handle.kind === "postgres" ? now() : null })
    .where(and(eq(importRuns.id, runId), eq(importRuns.state, "queued")))
    .returning();
  if (!run) return { imported: 0 };
  const fail = (error: string, report?: ReturnType<typeof keptReport>) =>
    database
      .update(importRuns)
      .set({ state: "failed", error, finishedAt: now(), ...(report ? { report } : {}) })
      .where(eq(importRuns.id, runId));
  try {
    const onProgress =
      handle.kind === "postgres"
        ? async (done: number, total: number) => {
            await database.update(importRuns).set({ done, total, heartbeatAt: now() }).where(eq(importRuns.id, runId));
          }
        : undefined;
    const owner = await runOwner(database, run.actorId);
    if (!owner) {
      await fail("imports.errors.changedSinceCheck");
      return { imported: 0 };
    }
    const checked = await dryRunOf(run.kind)(database, owner, run.fileType, run.file ?? new Uint8Array());
    if (checked.kind === "unreadable" || checked.report.problems.length > 0) {
      await fail(
        "imports.errors.changedSinceCheck",
        checked.kind === "report" ? keptReport(checked.report) : undefined,
      );
      return { imported: 0 };
    }
    const result =
      run.kind === "identities"
        ? await applyIdentityImport(database, owner, checked.valid as IdentityImportRow[], {
            publicUrl: options.publicUrl,
            now: now(),
            onProgress,
          })
        : await applyOrganizationImport(database, owner, checked.valid as OrganizationImportRow[], {
            now: now(),
            onProgress,
          });
    const imported = result.created.length + result.updated.length + result.unchanged.length;
    await database
      .update(importRuns)
      .set({ state: "done", result, done: imported, total: imported, file: null, finishedAt: now() })
      .where(eq(importRuns.id, runId));
    return { imported };
  } catch (error) {
    if (error instanceof ImportConflictError) {
      await fail("imports.errors.changedSinceCheck");
      return { imported: 0 };
    }
    logger.warn({ runId, err: error instanceof Error ? error.message : String(error) }, "bulk import failed");
    await fail("imports.errors.importFailed");
    return { imported: 0 };
  }
}

/**
 * At the job runner's start: imports that were running when their server stopped have failed
 * (their transaction never committed). With PGlite this process is the only one, so every running
 * run is one; on PostgreSQL only those whose heartbeat stopped.
 */
export async function failInterruptedImports(
  handle: Pick<DatabaseHandle, "db" | "kind">,
  now = new Date(),
): Promise<number> {
  const stale = new Date(now.getTime() - IMPORT_HEARTBEAT_STALE_MS);
  const failed = await handle.db
    .update(importRuns)
    .set({ state: "failed", error: "imports.errors.interrupted", finishedAt: now })
    .where(
      and(
        eq(importRuns.state, "running"),
        handle.kind === "pglite"
          ? sql`true`
          : lt(sql`coalesce(${importRuns.heartbeatAt}, ${importRuns.createdAt})`, stale),
      ),
    )
    .returning({ id: importRuns.id });
  return failed.length;
}

/**
 * Imports whose job is gone with the jobs' schema it waited in (an upgrade replaced it): failed,
 * as an interrupted run is, so their administrator runs them again.
 */
export async function failImportsWithoutJob(database: Executor, now = new Date()): Promise<number> {
  const failed = await database
    .update(importRuns)
    .set({ state: "failed", error: "imports.errors.interrupted", finishedAt: now })
    .where(inArray(importRuns.state, ["queued", "running"]))
    .returning({ id: importRuns.id });
  return failed.length;
}

/** Rows of each result list a run's page shows (the count says how many there are). */
export const LISTED_RESULT_ROWS = 200;

/** A run as its page shows it: the report, whether it may start, progress, the result lists cut short. */
export function importRunPage(run: ImportRunView) {
  const listed = (users: StoredImportResult["created"]) => ({
    count: users.length,
    users: users.slice(0, LISTED_RESULT_ROWS),
  });
  return {
    id: run.id,
    kind: run.kind,
    fileName: run.fileName,
    state: run.state,
    report: run.report,
    mayStart: importMayStart(run.state, run.report),
    underWay: importIsUnderWay(run.state),
    percent: importProgressPercent(run.done, run.total),
    done: run.done,
    total: run.total,
    error: run.error,
    result: run.result
      ? {
          created: listed(run.result.created),
          updated: listed(run.result.updated),
          unchanged: listed(run.result.unchanged),
        }
      : null,
  };
}
export type ImportRunPage = ReturnType<typeof importRunPage>;
