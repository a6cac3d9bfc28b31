/**
 * Database handles for the query benches (bench:users, bench:audit): every statement a handle runs
 * while its recorder is on is kept (text and parameters), so the slowest call's slowest statement
 * can be explained afterwards. Also: an actor as a signed-in administrator is one.
 */
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { eq } from "drizzle-orm";
import {
  PGLITE_OPTIONS,
  POSTGRES_SESSION_OPTIONS,
  pgliteHandle,
  postgresHandle,
  type DatabaseHandle,
} from "~/db/client.server";
import { identities } from "~/db/schema";
import { actorFrom, loadAccessProfile } from "~/permissions/access-profile.server";

/** The statements a handle runs while `recording` is on: text and parameters, for EXPLAIN. */
export interface Recorder {
  recording: boolean;
  statements: { text: string; values: unknown[] }[];
}

/** A handle whose statements are recorded, and `explain`, which runs EXPLAIN ANALYZE of one unrecorded. */
export interface RecordedDatabase {
  handle: DatabaseHandle;
  recorder: Recorder;
  explain(text: string, values: unknown[]): Promise<string>;
}

function record(recorder: Recorder, query: unknown, values: unknown): void {
  if (!recorder.recording) return;
  const text = typeof query === "string" ? query : (query as { text: string }).text;
  const params = (typeof query === "string" ? values : ((query as { values?: unknown[] }).values ?? values)) ?? [];
  recorder.statements.push({ text, values: params as unknown[] });
}

const explainText = (rows: Record<string, unknown>[]) => rows.map((row) => Object.values(row)[0]).join("\n");

export async function recordedPglite(): Promise<RecordedDatabase> {
  const recorder: Recorder = { recording: false, statements: [] };
  const client = await PGlite.create(PGLITE_OPTIONS);
  const query = client.query.bind(client);
  client.query = ((text: string, values?: unknown[], options?: never) => {
    record(recorder, text, values);
    return query(text, values, options);
  }) as typeof client.query;
  return {
    handle: pgliteHandle(client),
    recorder,
    explain: async (text, values) =>
      explainText((await query<Record<string, unknown>>(`explain (analyze, buffers) ${text}`, values)).rows),
  };
}

export function recordedPostgres(url: string): RecordedDatabase {
  const recorder: Recorder = { recording: false, statements: [] };
  const pool = new pg.Pool({ connectionString: url, max: 10, options: POSTGRES_SESSION_OPTIONS });
  const query = pool.query.bind(pool) as (text: unknown, values?: unknown) => Promise<pg.QueryResult>;
  pool.query = ((text: unknown, values?: unknown) => {
    record(recorder, text, values);
    return query(text, values);
  }) as typeof pool.query;
  return {
    handle: postgresHandle(pool),
    recorder,
    explain: async (text, values) => explainText((await query(`explain (analyze, buffers) ${text}`, values)).rows),
  };
}

/** Runs a bench on a recorded database, then closes it (whatever the bench did). */
export async function benchOn(
  opened: RecordedDatabase | Promise<RecordedDatabase>,
  bench: (database: RecordedDatabase) => Promise<void>,
): Promise<void> {
  const database = await opened;
  try {
    await bench(database);
  } finally {
    await database.handle.close();
  }
}

/** The statements one call runs, and the EXPLAIN ANALYZE of the slowest of them (by execution time). */
export async function slowestStatementOf(database: RecordedDatabase, call: () => Promise<unknown>): Promise<string> {
  database.recorder.statements = [];
  database.recorder.recording = true;
  try {
    await call();
  } finally {
    database.recorder.recording = false;
  }
  let plan = { ms: -1, text: "" };
  for (const statement of database.recorder.statements.filter((recorded) => !/^\s*explain/i.test(recorded.text))) {
    const text = await database.explain(statement.text, statement.values);
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? 0);
    if (ms > plan.ms) plan = { ms, text };
  }
  return plan.text;
}

/** The administrator with this e-mail as the portal's loaders see them. */
export async function actorOf(handle: DatabaseHandle, email: string) {
  const [row] = await handle.db.select({ id: identities.id }).from(identities).where(eq(identities.email, email));
  const profile = await loadAccessProfile(handle.db, row.id);
  if (!profile) throw new Error(`${email} has no access profile`);
  return actorFrom(row.id, profile);
}

export const thousands = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");
