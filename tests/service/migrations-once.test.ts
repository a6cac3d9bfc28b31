/**
 * Issue #32 (upgrade): the migrations run at start, once across instances. Instances that start
 * together on a fresh PostgreSQL database migrate one after another behind an advisory lock: every
 * one comes up, and each migration is recorded once.
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { POSTGRES_URL, dropTestDatabase, postgresReachable } from "./backends";

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: CI needs it`);

const name = `portal_migrate_${process.pid}`;
const handles: DatabaseHandle[] = [];

afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  if (reachable) await dropTestDatabase(name);
});

describe.skipIf(!reachable)("issue #32: migrations run once across instances", () => {
  it("four instances migrating a fresh database at once all succeed, and each migration is applied once", async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    for (let i = 0; i < 4; i++)
      handles.push(await openDatabase({ databaseUrl: url.toString(), dataDir: "/nonexistent" }));

    const outcomes = await Promise.allSettled(handles.map((handle) => handle.migrate()));
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toEqual([]);
    const [counted] = (
      await handles[0].executeSql(
        "select count(*)::int as applied, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations",
      )
    ).rows as { applied: number; distinct_hashes: number }[];
    expect(counted.applied).toBe(counted.distinct_hashes);
    expect(counted.applied).toBeGreaterThan(20);
  });
});
