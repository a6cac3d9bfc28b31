/**
 * A throw-away PostgreSQL database for the portal under load: created on the local server (never
 * the tests' `test` database), dropped by the Cleanup once the portal using it has stopped.
 */
import pg from "pg";
import { type Cleanup, messageOf } from "./processes";

// trust authentication on the local server; BENCH_POSTGRES_URL points elsewhere (its database is only used to create ours).
const ADMIN_URL = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const CONNECT_TIMEOUT_MS = 3_000;

export type BenchDatabase = { url: string; drop(): Promise<void> } | { skipped: string };

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An error event without a listener would end the bench (a server that closes the connection).
  client.on("error", () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  try {
    // FORCE ends connections a killed portal may have left behind (PostgreSQL 13 and later).
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } catch {
    await client.query(`DROP DATABASE IF EXISTS "${name}"`);
  }
}

export async function createBenchDatabase(cleanup: Cleanup): Promise<BenchDatabase> {
  if (process.env.BENCH_POSTGRES === "0") return { skipped: "BENCH_POSTGRES=0" };
  const where = new URL(ADMIN_URL).host;
  // The pid keeps two benches on one machine apart; only [a-z0-9_], so quoting it is safe.
  const name = `bench_portal_${process.pid}`;
  try {
    await withAdmin(async (client) => {
      await dropDatabase(client, name); // a leftover of an earlier bench killed with this pid
      await client.query(`CREATE DATABASE "${name}"`);
    });
  } catch (error) {
    return { skipped: `not reachable or no CREATE DATABASE at ${where} (${messageOf(error)})` };
  }
  const drop = cleanup.add(`drop database ${name}`, () => withAdmin((client) => dropDatabase(client, name)));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  url.search = "";
  return { url: url.toString(), drop };
}
