import pg from "pg";
import { eq } from "drizzle-orm";
import { openDatabase, openMemoryDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import { identities } from "~/db/schema";
import { seedDemo } from "~/seed/seed";

/** The PostgreSQL server of this machine and CI (trust auth). */
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh, migrated PostgreSQL database for one test file; dropped on close. */
async function openFreshPostgres(): Promise<DatabaseHandle> {
  const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "/nonexistent" });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropTestDatabase(name);
    },
  };
}

/** Drops a test database once its connections have finished closing, so none is killed mid-goodbye. */
export async function dropTestDatabase(name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: POSTGRES_URL });
  await dropper.connect();
  for (let i = 0; i < 40; i++) {
    const { rows } = await dropper.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await dropper.query(`drop database if exists ${name} with (force)`);
  await dropper.end();
}

export interface Backend {
  name: "pglite" | "postgres";
  open(): Promise<DatabaseHandle>;
}

const reachable = await postgresReachable();
if (!reachable && process.env.CI) {
  throw new Error(
    `PostgreSQL is not reachable at ${POSTGRES_URL}: CI runs the service suite on it, so this is a failure`,
  );
}

/** Service suites run on PGlite always, and on PostgreSQL when reachable (required under CI). */
export const BACKENDS: Backend[] = [
  { name: "pglite", open: openMemoryDatabase },
  ...(reachable ? [{ name: "postgres" as const, open: openFreshPostgres }] : []),
];

if (!reachable) console.warn(`PostgreSQL not reachable at ${POSTGRES_URL}: service tests run on PGlite only`);

/** The id of the identity with this e-mail (demo and fixture accounts). */
export async function identityIdOf(database: Database, email: string): Promise<number> {
  const [row] = await database.select({ id: identities.id }).from(identities).where(eq(identities.email, email));
  if (!row) throw new Error(`no identity ${email}`);
  return row.id;
}

/** A fresh database of the backend, migrated and holding the demo data: where most service tests start. */
export async function seededDatabase(backend: Backend): Promise<DatabaseHandle> {
  const handle = await backend.open();
  await handle.migrate();
  await seedDemo(handle.db);
  return handle;
}
