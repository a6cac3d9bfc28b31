import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as schema from "./schema";
import { logger } from "~/logger.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of the database: what a write's callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Where a statement runs: the database, or the caller's transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (the metrics' gauge); PGlite has one connection and no pool. */
  poolUse?(): { total: number; idle: number; waiting: number };
  /** Plain SQL for the job runner (pg-boss's `db` option): its rows, on either backend. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const migrationsFolder = path.resolve(process.cwd(), "app/db/migrations");

/**
 * Each PostgreSQL connection's settings. JIT off: the portal's statements are short, and a plan
 * whose estimate runs high (a users search over a million rows, ADR 42) spent 400 ms compiling
 * what ran in 30.
 */
export const POSTGRES_SESSION_OPTIONS = "-c jit=off";

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite in dataDir. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: POSTGRES_SESSION_OPTIONS });
    // An idle connection that the server ends (restart, failover, admin command) must not take
    // the process down: the pool drops it and opens a new one on the next query.
    pool.on("error", (error) => logger.warn({ err: error.message }, "an idle PostgreSQL connection ended"));
    return postgresHandle(pool);
  }
  const dir = path.join(options.dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  return pgliteHandle(await PGlite.create(dir, PGLITE_OPTIONS));
}

/** The extensions the migrations create (pg_trgm: the users list's substring search). */
export const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm } };

/** In-memory PGlite, for tests. */
export async function openMemoryDatabase(): Promise<DatabaseHandle> {
  return pgliteHandle(await PGlite.create(PGLITE_OPTIONS));
}

/** The handle over a PostgreSQL pool (tests count the pool's statements). */
export function postgresHandle(pool: pg.Pool): DatabaseHandle {
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgresOnce(pool),
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    executeSql: (text, values) => pool.query(text, values),
  };
}

/** Any number stable across versions: the instances' migrations queue behind one advisory lock. */
const MIGRATION_LOCK = 3_200_001;

/** Holds the migrations' lock until the transaction ends: a schema change beside the migrations waits its turn. */
export async function holdMigrationLock(transaction: Transaction): Promise<void> {
  await transaction.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
}

/**
 * Migrates while holding a session-level advisory lock, so instances that start together (an
 * upgrade on several hosts) migrate one after another: the first applies, the rest find nothing
 * left to do.
 */
async function migratePostgresOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** The handle over a PGlite client (tests count the client's statements). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    // PGlite's exec takes several statements (pg-boss's schema plans) but no parameters.
    executeSql: async (text, values) =>
      values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
  };
}

/* One database handle per process (PGlite is single-connection: one folder is opened once). */
let current: DatabaseHandle | undefined;

export function setDatabase(handle: DatabaseHandle): void {
  current = handle;
}

export function db(): Database {
  const handle = current;
  if (!handle) throw new Error("Database is not open: the server opens it at start");
  return handle.db;
}
