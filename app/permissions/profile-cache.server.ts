import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { perDatabase } from "~/server-context/per-database.server";
import { profileColumns, type ProfileColumns } from "./access-profile.server";
import { rowsOf } from "~/db/sql-list";

/**
 * A per-process copy of each session's access profile (ADR 26). Every change to what a profile is
 * built from bumps the 'access' catalogue version at its commit (migration 0021); each signed-in
 * request reads that version with its session, and a kept profile serves only requests that read
 * the version it was loaded at. So a role's change holds at the next request, in every process.
 */

/** The catalogue_versions row the profile tables bump. */
export const ACCESS_VERSION = "access";

/** Sessions kept at most per process; beyond, the oldest goes. */
export const MAX_KEPT_PROFILES = 5_000;

interface Kept {
  identityId: number;
  value: Promise<ProfileColumns>;
}

interface Store {
  /** The access version every kept profile was read at. */
  version: number;
  bySession: Map<string, Kept>;
}

const storeOf = perDatabase<Store>(() => ({ version: -1, bySession: new Map() }));

/**
 * A session's profile as of the access version the request read: the kept copy when loaded at
 * that version for the same identity, otherwise one statement (concurrent requests share it).
 */
export function sessionProfile(
  database: Executor,
  session: { id: string; identityId: number; createdAt: Date },
  version: number,
): Promise<ProfileColumns> {
  const store = storeOf(database);
  // Another version makes every kept profile stale: a newer one after a change, an older one when
  // the versions were reset (a restored database) — or a request that raced a commit, which only
  // costs a load. Each profile is loaded after its version was read: never older than it.
  if (version !== store.version) {
    store.version = version;
    store.bySession.clear();
  }
  const kept = store.bySession.get(session.id);
  if (kept && kept.identityId === session.identityId) return kept.value;
  const value = loadProfileColumns(database, session.identityId, session.createdAt);
  if (store.bySession.size >= MAX_KEPT_PROFILES) {
    const oldest = store.bySession.keys().next().value;
    if (oldest !== undefined) store.bySession.delete(oldest);
  }
  const entry: Kept = { identityId: session.identityId, value };
  store.bySession.set(session.id, entry);
  value.catch(() => {
    if (store.bySession.get(session.id) === entry) store.bySession.delete(session.id);
  });
  return value;
}

/** Forgets a session's kept profile (its end). */
export function forgetSessionProfile(database: object, sessionId: string): void {
  storeOf(database).bySession.delete(sessionId);
}

async function loadProfileColumns(database: Executor, identityId: number, signedInAt: Date): Promise<ProfileColumns> {
  const result = await database.execute(
    sql`select ${profileColumns(sql`${identityId}::int`, sql`${signedInAt.toISOString()}::timestamptz`)}`,
  );
  const [row] = rowsOf<ProfileColumns>(result);
  return row;
}
