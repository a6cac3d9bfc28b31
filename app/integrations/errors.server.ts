import { and, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { integrationErrors } from "~/db/schema";
import { tableList } from "~/lists/list-reader.server";
import { locationIdsOf } from "~/permissions/dealer-locations.server";
import type { AppliedFilters, IntegrationErrorQuery, IntegrationErrorSort } from "./report";

const e = integrationErrors;

const errorList = tableList<typeof integrationErrors, IntegrationErrorSort>(integrationErrors, {
  searched: [e.message, e.targetId, e.functionName, e.serialNumber],
  sorts: {
    errorDate: e.errorDate,
    organizationId: e.organizationId,
    serialNumber: e.serialNumber,
    integrationType: e.integrationType,
    targetType: e.targetType,
    targetId: e.targetId,
    functionName: e.functionName,
    lastModified: e.lastModified,
  },
  defaultSort: "errorDate",
  id: e.id,
});

/**
 * The errors an administrator may see — those of the administrator's own locations (the location
 * of the user or organization when the push failed) — narrowed by the report's filters.
 */
async function scopeAndFilters(database: Database, actorId: number, applied: AppliedFilters): Promise<SQL> {
  const locations = await locationIdsOf(database, actorId);
  const conditions: SQL[] = [locations.length ? inArray(e.organizationId, locations) : sql`false`];
  if (applied.from) conditions.push(gte(e.errorDate, applied.from));
  if (applied.before) conditions.push(lt(e.errorDate, applied.before));
  if (applied.serialNumber) conditions.push(eq(e.serialNumber, applied.serialNumber));
  if (applied.organizationId !== undefined) conditions.push(eq(e.organizationId, applied.organizationId));
  return and(...conditions)!;
}

/** A page of the integration error report (SPEC §2), newest first unless sorted otherwise. */
export async function listIntegrationErrors(
  database: Database,
  actor: Actor,
  query: Pick<IntegrationErrorQuery, "state" | "applied">,
) {
  return errorList.page(database, {
    ...query.state,
    where: await scopeAndFilters(database, actor.identityId, query.applied),
  });
}

/** Every error of the filtered report, in its order (the CSV export). */
export async function* everyIntegrationError(
  database: Database,
  actor: Actor,
  query: Pick<IntegrationErrorQuery, "state" | "applied">,
) {
  yield* errorList.every(database, {
    ...query.state,
    where: await scopeAndFilters(database, actor.identityId, query.applied),
  });
}
