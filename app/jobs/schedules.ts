/**
 * The scheduled jobs and their cron (UTC). pg-boss sends each tick's job once whichever instance's
 * clock sees it first, and one worker takes it: with several instances on one PostgreSQL, each
 * runs once (ADR 18).
 */
export const SCHEDULES = {
  housekeeping: "5 * * * *",
  // Warnings 14, 3 and 1 days before auto-deactivation (issue #39 §4), before that day's run.
  "dormancy-warnings": "10 2 * * *",
  "auto-deactivation": "20 2 * * *",
  "verification-expiry": "35 * * * *",
  // Every minute: a message that waited for the mail server leaves soon after it is back.
  "mail-retry": "* * * * *",
  // Pushes are sent right after the change; this sends the retries whose back-off has passed.
  "integration-push": "* * * * *",
  // Administrators whose security review is due: an e-mail at most once a week while it stays due.
  "security-review-reminder": "40 6 * * *",
  // The network dashboard's figures and the directory's gaps (issue #40): every five minutes.
  "network-figures": "*/5 * * * *",
  // Who has not acknowledged an announcement that asks for it (issue #40 §3): hourly, each at most twice.
  "acknowledgement-reminders": "15 * * * *",
} as const;
export type JobName = keyof typeof SCHEDULES;
export const JOB_NAMES = Object.keys(SCHEDULES) as JobName[];
