// The bulk-import job acts as the run's administrator, whose access profile it reads: this
// process (the server's own, beside the Remix build) needs the profile's parts too.
import "./portal.server";
import type { PgBoss } from "pg-boss";
import { getConfig } from "~/config.server";
import type { DatabaseHandle } from "~/db/client.server";
import { remindDueSecurityReviews } from "~/security-review/reminders.server";
import { failImportsWithoutJob, failInterruptedImports, runImportJob } from "~/imports/import-runs.server";
import { deliverDuePushes, integrationSettings } from "~/integrations/pushes.server";
import { purgeExpired } from "~/jobs/housekeeping.server";
import { deleteExpiredAudit } from "~/audit/retention.server";
import { QUEUED_JOBS } from "~/jobs/queue.server";
import {
  COMPLETED_JOBS_KEPT_SECONDS,
  replaceOutdatedJobSchema,
  runJobsOnce,
  startJobRunner,
  type JobName,
  type JobWork,
} from "~/jobs/runner.server";
import { logger } from "~/logger.server";
import { deliverQueuedMail, type MailTransport } from "~/mail/outbox.server";
import { deactivateInactiveUsers } from "~/users/lifecycle.server";
import { sendDormancyWarnings } from "~/users/dormancy.server";
import { expireVerifications } from "~/users/verification.server";
import { countedJobRun } from "~/server-context/metrics.server";
import { refreshNetworkFigures } from "~/network/refresh.server";
import { escalateDirectoryGaps } from "~/network/escalations.server";
import { remindToAcknowledge } from "~/announcements/acknowledgement-reminders.server";

/** What each scheduled job of the portal does at a moment (tests pass their own clock). */
export function jobWork(handle: DatabaseHandle, transport: MailTransport): JobWork {
  return {
    // The audit history's retention too (issue #37 §5): entries older than AUDIT_RETENTION_DAYS.
    housekeeping: async (now) => ({
      ...(await purgeExpired(handle.db, now)),
      auditEntries: await deleteExpiredAudit(handle.db, getConfig().AUDIT_RETENTION_DAYS),
    }),
    "dormancy-warnings": (now) => sendDormancyWarnings(handle.db, { publicUrl: getConfig().PUBLIC_URL }, now),
    "auto-deactivation": (now) => deactivateInactiveUsers(handle.db, now),
    "verification-expiry": (now) => expireVerifications(handle.db, now),
    "mail-retry": (now) => deliverQueuedMail(handle.db, transport, now),
    "integration-push": (now) => deliverDuePushes(handle.db, integrationSettings(), now),
    "security-review-reminder": (now) => {
      const { PUBLIC_URL, ATTESTATION_PERIOD_DAYS } = getConfig();
      return remindDueSecurityReviews(handle.db, { publicUrl: PUBLIC_URL, periodDays: ATTESTATION_PERIOD_DAYS }, now);
    },
    // The figures, then what they show that someone must hear of (issue #40 §2): within 5 minutes.
    "network-figures": async (now) => {
      const { PUBLIC_URL, DIRECTORY_ESCALATION_DAYS } = getConfig();
      return {
        ...(await refreshNetworkFigures(handle.db, now)),
        ...(await escalateDirectoryGaps(
          handle.db,
          { publicUrl: PUBLIC_URL, escalationDays: DIRECTORY_ESCALATION_DAYS },
          now,
        )),
      };
    },
    "acknowledgement-reminders": (now) => {
      const { PUBLIC_URL, ACKNOWLEDGEMENT_REMINDER_DAYS } = getConfig();
      return remindToAcknowledge(
        handle.db,
        { publicUrl: PUBLIC_URL, reminderDays: ACKNOWLEDGEMENT_REMINDER_DAYS },
        now,
      );
    },
  };
}

/**
 * The bulk-import queue: a job per "Import", never retried by pg-boss (a run whose server died
 * shows failed and its administrator runs it again); imports that were running when this
 * instance's server stopped are marked failed first.
 */
function importWorker(handle: DatabaseHandle) {
  return async (boss: PgBoss): Promise<void> => {
    const failed = await failInterruptedImports(handle);
    if (failed > 0) logger.warn({ failed }, "bulk imports interrupted by a stop marked failed");
    await boss.createQueue(QUEUED_JOBS.bulkImport, {
      retryLimit: 0,
      expireInSeconds: 60 * 60,
      deleteAfterSeconds: COMPLETED_JOBS_KEPT_SECONDS,
    });
    await boss.work<{ runId: number }>(QUEUED_JOBS.bulkImport, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) {
        const started = Date.now();
        const { imported } = await countedJobRun(QUEUED_JOBS.bulkImport, () =>
          runImportJob(handle, job.data.runId, { publicUrl: getConfig().PUBLIC_URL }),
        );
        logger.info(
          { job: QUEUED_JOBS.bulkImport, runId: job.data.runId, imported, ms: Date.now() - started },
          "job done",
        );
      }
    });
  };
}

/**
 * Before the first start of this pg-boss on a database whose jobs ran on an older one (an upgrade
 * from pg-boss 10): its schema is replaced, and the imports that waited on its jobs end failed.
 */
export function upgradeJobSchema(handle: DatabaseHandle): Promise<number | null> {
  return replaceOutdatedJobSchema(handle, async (transaction) => {
    const failed = await failImportsWithoutJob(transaction);
    if (failed > 0) logger.warn({ failed }, "bulk imports waiting in the replaced jobs schema marked failed");
  });
}

/** Starts this instance's job runner: the portal's schedules and its bulk-import queue. */
export function startPortalJobs(
  handle: DatabaseHandle,
  transport: MailTransport,
  options: { schedules?: boolean } = {},
): Promise<PgBoss> {
  return startJobRunner(handle, jobWork(handle, transport), [importWorker(handle)], options);
}

/** `npm run jobs` and the tests: every scheduled job once, now, in order; the counts by job. */
export function runEveryJobOnce(
  handle: DatabaseHandle,
  transport: MailTransport,
  now = new Date(),
): Promise<Record<JobName, Record<string, number>>> {
  return runJobsOnce(jobWork(handle, transport), now);
}
