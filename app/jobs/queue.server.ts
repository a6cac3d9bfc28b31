/**
 * Jobs asked for by a request (not by a schedule): a bulk import. The server registers how they
 * are sent — the job runner's pg-boss where this instance runs the jobs, a send-only pg-boss
 * where it does not — and a service sends through it without knowing which.
 */
export const QUEUED_JOBS = { bulkImport: "bulk-import" } as const;

export type JobSender = (name: string, data: Record<string, unknown>) => Promise<void>;

let jobSender: JobSender | null = null;

export function setJobSender(sender: JobSender | null): void {
  jobSender = sender;
}

/** Sends a job; false when no runner can take it (it did not start), so the caller can say so. */
export async function sendJob(name: string, data: Record<string, unknown>): Promise<boolean> {
  const sender = jobSender;
  if (!sender) return false;
  await sender(name, data);
  return true;
}
