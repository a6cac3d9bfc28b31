import type { Database, Transaction } from "./client.server";
import { bumpCatalogueVersion, invalidateCatalogue } from "~/server-context/catalogue-cache.server";

/**
 * A write transaction to a cached catalogue: it bumps the catalogue's version in the same
 * transaction (every process sees its copy is out of date) and drops this process's copy (ADR 14).
 */
export async function catalogueWrite<T>(
  database: Database,
  catalogue: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await database.transaction(async (tx) => {
      const result = await work(tx);
      await bumpCatalogueVersion(tx, catalogue);
      return result;
    });
  } finally {
    invalidateCatalogue(database, catalogue);
  }
}
