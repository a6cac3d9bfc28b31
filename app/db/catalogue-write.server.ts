import type { Database } from "./client.server";
import { invalidateCatalogue } from "~/server-context/catalogue-cache.server";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A write transaction to a cached catalogue: when it ends, the catalogue is dropped from the cache (ADR 8). */
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
