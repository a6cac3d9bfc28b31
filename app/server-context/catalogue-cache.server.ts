/**
 * A per-process cache of small catalogues every signed-in page reads (all applications, the
 * unexpired announcements), so a page does not query them each time (ADR 8). An entry lives for
 * `CATALOGUE_TTL_MS`; a write through this process's services drops it at once, a write from
 * another process is seen within the TTL. Entries are kept per database handle (tests open many).
 */
export const CATALOGUE_TTL_MS = 5_000;

interface Entry {
  loadedAt: number;
  value: Promise<unknown>;
}

interface Catalogues {
  entries: Map<string, Entry>;
  /** Bumped by every invalidation; a load that started before one is not kept. */
  generation: Map<string, number>;
}

const byDatabase = new WeakMap<object, Catalogues>();

function cataloguesOf(database: object): Catalogues {
  let catalogues = byDatabase.get(database);
  if (!catalogues) {
    catalogues = { entries: new Map(), generation: new Map() };
    byDatabase.set(database, catalogues);
  }
  return catalogues;
}

/** Whether an entry loaded at `loadedAt` may still be served at `now`. */
export function isFresh(loadedAt: number, now: number, ttlMs = CATALOGUE_TTL_MS): boolean {
  return now >= loadedAt && now - loadedAt < ttlMs;
}

/** The named catalogue of a database: from the cache while fresh, otherwise loaded (concurrent callers share one load). */
export function cachedCatalogue<T>(
  database: object,
  name: string,
  load: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  const catalogues = cataloguesOf(database);
  const entry = catalogues.entries.get(name);
  if (entry && isFresh(entry.loadedAt, now)) return entry.value as Promise<T>;
  const generation = catalogues.generation.get(name) ?? 0;
  const value = load();
  const fresh: Entry = { loadedAt: now, value };
  catalogues.entries.set(name, fresh);
  value.then(
    () => {
      // A write committed while this load ran: what it read may be stale, so it is not kept.
      if ((catalogues.generation.get(name) ?? 0) !== generation && catalogues.entries.get(name) === fresh)
        catalogues.entries.delete(name);
    },
    () => {
      if (catalogues.entries.get(name) === fresh) catalogues.entries.delete(name);
    },
  );
  return value;
}

/** Drops a catalogue after a write to it (call after the write's transaction committed). */
export function invalidateCatalogue(database: object, name: string): void {
  const catalogues = cataloguesOf(database);
  catalogues.generation.set(name, (catalogues.generation.get(name) ?? 0) + 1);
  catalogues.entries.delete(name);
}
