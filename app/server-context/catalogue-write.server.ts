import type { Database, Transaction } from "~/db/client.server";
import { invalidateCatalogue } from "~/server-context/catalogue-cache.server";

/**
 * A write transaction to a cached catalogue. The catalogue's version row is bumped by the
 * database itself (a trigger per changed row, in the same transaction), so every process sees its
 * copy is out of date; this process also drops its copy at once (ADR 14).
 */
export async function catalogueWrite<T>(
  database: Database,
  catalogue: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await database.transaction(work);
  } finally {
    invalidateCatalogue(database, catalogue);
  }
}
