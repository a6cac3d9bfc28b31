import { readFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "~/config.server";
import type { DatabaseHandle } from "~/db/client.server";
import { logger } from "~/logger.server";
import { WAITING_MAIL_SQL } from "~/mail/outbox.server";
import { readinessOf, type Readiness, type ReadinessFacts, type ServerPhase } from "~/server-context/readiness";

/** A readiness check that waits longer than this for the database counts it as not answering. */
const DATABASE_CHECK_MS = 2_000;

/** How many migrations this build has (drizzle's journal beside them). */
function migrationsInBuild(): number {
  const journal = path.resolve(process.cwd(), "app/db/migrations/meta/_journal.json");
  return (JSON.parse(readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
}

/** What /readyz reports: the server's phase, and once it serves, what the database and the jobs say. */
export class HealthState {
  phase: ServerPhase = "starting";
  private database: DatabaseHandle | null = null;
  private jobs: ReadinessFacts["jobs"] = "elsewhere";
  private readonly migrations = migrationsInBuild();

  constructor(private readonly config: Pick<Config, "OUTBOX_STUCK_MINUTES">) {}

  /** The database and the job runner this instance serves with, once they are open. */
  watch(database: DatabaseHandle, jobs: ReadinessFacts["jobs"]): void {
    this.database = database;
    this.jobs = jobs;
  }

  async check(): Promise<Readiness> {
    const facts: ReadinessFacts = {
      phase: this.phase,
      databaseAnswers: null,
      pendingMigrations: 0,
      jobs: this.jobs,
      oldestWaitingMailMinutes: null,
    };
    if (this.phase === "ready" && this.database) {
      const found = await databaseFacts(this.database);
      facts.databaseAnswers = found !== null;
      if (found) {
        facts.pendingMigrations = Math.max(0, this.migrations - found.applied);
        facts.oldestWaitingMailMinutes = found.oldestMailMinutes;
      }
    }
    return readinessOf(facts, this.config.OUTBOX_STUCK_MINUTES);
  }
}

/** The applied migrations and the oldest undelivered e-mail's wait, in one statement; null when the database does not answer in time. */
async function databaseFacts(
  database: DatabaseHandle,
): Promise<{ applied: number; oldestMailMinutes: number | null } | null> {
  const query = database
    .executeSql(
      `select (select count(*)::int from drizzle.__drizzle_migrations) as applied,
              (select floor(extract(epoch from now() - min(created_at)) / 60)::int
                 from ${WAITING_MAIL_SQL}) as oldest`,
    )
    .then(({ rows }) => {
      const [row] = rows as { applied: number; oldest: number | null }[];
      return { applied: row.applied, oldestMailMinutes: row.oldest };
    })
    .catch((error: unknown) => {
      logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        "readiness: the database did not answer",
      );
      return null;
    });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), DATABASE_CHECK_MS);
  });
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}
