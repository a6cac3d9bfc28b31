/** A SCIM connection for the SCIM service tests: an API client with the scim scope at Milwaukee, acting as a request of it. */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { organizations } from "~/db/schema";
import { createApiClient } from "~/api-clients/api-clients.server";
import { editorChoices } from "~/users/editor-choices.server";
import { ScimError } from "~/api/scim-error";
import { actAsApiClient } from "~/server-context/acting-api-client.server";
import { requestScope } from "~/server-context/request-scope.server";
import type { Actor } from "~/permissions/actor";
import { PATCH_SCHEMA } from "~/scim/scim-schemas";
import { scimTokenOf } from "~/security/scim-token";
import { actorOf } from "./actor-of";

export const BASE = "http://portal.test/scim/v2";

export const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });

/** The status and scimType a SCIM call is refused with (none: the test fails). */
export async function scimFailure(work: Promise<unknown>): Promise<{ status: number; scimType?: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ScimError) return { status: error.status, scimType: error.scimType };
    throw error;
  }
  throw new Error("no SCIM error");
}

export interface ScimConnection {
  connection: Actor;
  clientId: number;
  /** Its bearer token, as pasted into the identity provider. */
  token: string;
  milwaukee: number;
  columbus: number;
  /** The roles the demo admin may assign: the first is the connection's role for new users. */
  roles: { id: number; displayName: string }[];
  /** Runs work as a request of the connection: its locations narrow every query, its id stamps the audit. */
  asConnection<T>(work: () => Promise<T>): Promise<T>;
}

/** The demo admin's SCIM connection at Milwaukee (Columbus is another of the admin's locations, not the connection's). */
export async function scimConnection(database: Database, name: string): Promise<ScimConnection> {
  const admin = await actorOf(database, "admin@example.com");
  const location = async (named: string) =>
    (await database.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, named)))[0].id;
  const milwaukee = await location("Lakeside Power – Milwaukee");
  const columbus = await location("Prairie Equipment – Columbus");
  const roles = (await editorChoices(database, admin)).roles.map((role) => ({
    id: role.id,
    displayName: role.displayName,
  }));
  const made = await createApiClient(database, admin, {
    name,
    scopes: ["scim"],
    locationIds: [milwaukee],
    expiresOn: new Date(Date.now() + 30 * 86_400_000),
    scimRoleId: roles[0].id,
  });
  if (made.kind !== "created") throw new Error(`no SCIM connection: ${made.reason}`);
  const connection: Actor = {
    ...admin,
    apiClient: { id: made.id, name, scopes: ["scim"], locationIds: [milwaukee], scimRoleId: roles[0].id },
  };
  return {
    connection,
    clientId: made.id,
    token: scimTokenOf(made.clientId, made.secret),
    milwaukee,
    columbus,
    roles,
    asConnection: (work) =>
      requestScope.run(new Map(), () => {
        actAsApiClient({ id: made.id, creatorId: admin.identityId, locationIds: [milwaukee] });
        return work();
      }),
  };
}
