import { Counter, register, type CounterConfiguration, type Metric } from "prom-client";

/*
 * The portal's own counters (issue #32 §4), in prom-client's one registry, which /metrics
 * serves. A module evaluated again (Vite's dev server after an edit) finds its counter by name:
 * the registry refuses a second metric of one name.
 */
/** A metric of the registry: the one of this name when an earlier evaluation of its module made it. */
export function metricOnce<M extends Metric>(name: string, make: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? make();
}

function counter<Label extends string>(config: CounterConfiguration<Label>): Counter<Label> {
  return metricOnce(config.name, () => new Counter(config));
}

/** Sign-ins to the portal (the provider's callback): started a session, or refused. */
export const signIns = counter({
  name: "portal_sign_ins_total",
  help: "Sign-ins to the portal by result (success: a session started; failure: the callback refused)",
  labelNames: ["result"] as const,
});

/** Passwords checked by the embedded identity provider, by outcome (ok, invalid, locked, inactive, unverified). */
export const passwordChecks = counter({
  name: "portal_password_checks_total",
  help: "Password checks of the embedded identity provider by outcome",
  labelNames: ["outcome"] as const,
});

/** Requests refused by a rate limit (signin, api-address, api-user). */
export const rateLimitRefusals = counter({
  name: "portal_rate_limit_refusals_total",
  help: "Requests refused by a rate limit, by limit",
  labelNames: ["limit"] as const,
});

/** Job runs by queue and result (ok, failed). */
export const jobRuns = counter({
  name: "portal_job_runs_total",
  help: "Job runs by queue and result",
  labelNames: ["queue", "result"] as const,
});

/** Runs one job, counted by its queue and whether it failed. */
export async function countedJobRun<T>(queue: string, run: () => Promise<T>): Promise<T> {
  try {
    const done = await run();
    jobRuns.inc({ queue, result: "ok" });
    return done;
  } catch (error) {
    jobRuns.inc({ queue, result: "failed" });
    throw error;
  }
}
