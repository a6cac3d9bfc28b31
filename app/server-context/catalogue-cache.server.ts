import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { catalogueVersions } from "~/db/schema";
import { oncePerRequest, primeRequestValue } from "./request-scope.server";
import { fallbackOnFailure } from "./fallback-on-failure";
import { perDatabase } from "./per-database.server";

/**
 * A per-process cache of small catalogues every signed-in page reads (all applications, the
 * unexpired announcements), so a page does not query them each time (ADR 14). Every change to a
 * catalogue's rows bumps its version row in the same transaction (a trigger); a copy serves only requests that
 * read the same version, so it stays correct with several processes on one PostgreSQL. The
 * version is read once per request, by signed-in pages in the same statement as the session.
 */

export type CatalogueVersions = Readonly<Record<string, number>>;

interface Entry {
  version: number;
  value: Promise<unknown>;
}

const entriesOf = perDatabase(() => new Map<string, Entry>());
/** The last copy of each catalogue that loaded, whatever its version: what a failed load falls back to. */
const lastLoadedOf = perDatabase(() => new Map<string, unknown>());

/** The named catalogue at a version: the kept copy when it is of that version, otherwise loaded (concurrent callers share one load). */
export function cachedCatalogue<T>(
  database: object,
  name: string,
  version: number,
  load: () => PromiseLike<T>,
): Promise<T> {
  const entries = entriesOf(database);
  const entry = entries.get(name);
  if (entry && entry.version === version) return entry.value as Promise<T>;
  // A query builder is only thenable and runs again on every await: keep the settled promise.
  const value = Promise.resolve(load());
  const fresh: Entry = { version, value };
  entries.set(name, fresh);
  value.then(
    (loaded) => lastLoadedOf(database).set(name, loaded),
    () => {
      if (entries.get(name) === fresh) entries.delete(name);
    },
  );
  return value;
}

/** Drops this process's copy after its own write (a revalidation in the same request reloads at once). */
export function invalidateCatalogue(database: object, name: string): void {
  entriesOf(database).delete(name);
}

const VERSIONS_KEY = "catalogue-versions";

/** What a signed-in request read with its session: no second query for the versions. */
export function primeCatalogueVersions(versions: CatalogueVersions): void {
  primeRequestValue(VERSIONS_KEY, Promise.resolve(versions));
}

/** The catalogue versions of this request (read once per request). */
export function catalogueVersionsOf(database: Executor): Promise<CatalogueVersions> {
  return oncePerRequest(VERSIONS_KEY, async () => {
    const rows = await database.select().from(catalogueVersions);
    return Object.fromEntries(rows.map((row) => [row.name, row.version]));
  });
}

/** The named catalogue as of this request's version. */
export async function currentCatalogue<T>(database: Executor, name: string, load: () => PromiseLike<T>): Promise<T> {
  const versions = await catalogueVersionsOf(database);
  return cachedCatalogue(database, name, versions[name] ?? 0, load);
}

/**
 * The named catalogue as of this request's version, or — when it cannot be read — the last copy this
 * process loaded (none yet: `fallback`), the failure's message handed to `log` (SPEC §8: an
 * applications fetch failure is logged and the list stays as it was; the page still renders).
 */
export function currentCatalogueOrLastLoaded<T>(
  database: Executor,
  name: string,
  load: () => PromiseLike<T>,
  fallback: T,
  log: (message: string) => void,
): Promise<T> {
  return fallbackOnFailure(
    () => currentCatalogue(database, name, load),
    () => {
      const kept = lastLoadedOf(database);
      return kept.has(name) ? (kept.get(name) as T) : fallback;
    },
    log,
  );
}

/** The select-list expression giving every catalogue's version as one JSON object. */
export const CATALOGUE_VERSIONS_JSON = sql`(select coalesce(json_object_agg(name, version), '{}'::json) from catalogue_versions)`;
