import type { RequestHandler } from "express";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { apiClients } from "~/db/schema";
import { recordAudit } from "~/audit/audit-writer.server";
import { API_CLIENT_AUDIT_ENTITY } from "~/api-clients/api-clients.server";
import { logger } from "~/logger.server";
import { actingApiClient } from "~/server-context/acting-api-client.server";
import { requestScope } from "~/server-context/request-scope.server";

/**
 * Every call an API client makes is audited with the client as the actor (issue #35 §3): once it
 * is answered, its method, path and status, and the client's last use.
 */
export function recordApiClientCalls(): RequestHandler {
  return (req, res, next) => {
    const store = requestScope.getStore();
    res.on("finish", () => {
      const client = actingApiClient(store);
      if (!client) return;
      const path = req.originalUrl.split("?")[0].slice(0, 200);
      const work = db().transaction(async (tx) => {
        await tx.update(apiClients).set({ lastUsedAt: new Date() }).where(eq(apiClients.id, client.id));
        await recordAudit(tx, {
          entity: API_CLIENT_AUDIT_ENTITY,
          entityId: client.id,
          operation: "call",
          changes: [{ field: `${req.method} ${path}`, oldValue: null, newValue: String(res.statusCode) }],
          actorId: client.creatorId,
          apiClientId: client.id,
        });
      });
      work.catch((error: unknown) =>
        logger.error({ err: error instanceof Error ? error.message : String(error) }, "api client call: not recorded"),
      );
    });
    next();
  };
}
