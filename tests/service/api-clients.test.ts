/**
 * Issue #35 §3 machine clients, on both databases: a client made within its creator's scopes and
 * locations, its secret checked against hashes at the token endpoint, rotation with two live
 * secrets, revocation; in a request a client makes, every dealer-scoped query narrows to the
 * client's locations and audit rows name the client.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setDatabase, type DatabaseHandle } from "~/db/client.server";
import { apiClientSecrets, auditLog, organizations } from "~/db/schema";
import {
  apiClientDetail,
  createApiClient,
  listApiClients,
  retirePreviousSecrets,
  revokeApiClient,
  rotateApiClientSecret,
} from "~/api-clients/api-clients.server";
import {
  activeApiClient,
  providerClientOf,
  secretOpensClient,
  tokenRequestAuthorization,
} from "~/auth/api-client-auth.server";
import { recordAudit } from "~/audit/audit-writer.server";
import { listUsers } from "~/users/user-list.server";
import { userListStateOf } from "~/users/list-options";
import { actAsApiClient } from "~/server-context/acting-api-client.server";
import { requestScope } from "~/server-context/request-scope.server";
import type { Actor } from "~/permissions/actor";
import { BACKENDS, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
const expiresOn = new Date(Date.now() + 30 * 86_400_000);

describe.each(BACKENDS)("issue #35 §3 machine clients on $name", (backend) => {
  let handle: DatabaseHandle;
  let admin: Actor;
  let milwaukee: number;
  let columbus: number;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    setDatabase(handle);
    admin = await actorOf(handle.db, "admin@example.com");
    const location = async (name: string) =>
      (await handle.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name)))[0].id;
    milwaukee = await location("Lakeside Power – Milwaukee");
    columbus = await location("Prairie Equipment – Columbus");
  });
  afterAll(() => handle.close());

  const create = (actor: Actor, scopes: string[], locationIds: number[], name = "DMS") =>
    createApiClient(handle.db, actor, { name, scopes, locationIds, expiresOn });

  it("a client within the creator's scopes and locations is made with a secret kept only as a hash", async () => {
    const made = await create(admin, ["users:read"], [milwaukee]);
    expect(made.kind).toBe("created");
    if (made.kind !== "created") return;
    const [kept] = await handle.db.select().from(apiClientSecrets);
    expect(kept.secretHash).not.toContain(made.secret);
    expect(kept.hint).toBe(made.secret.slice(-4));
    expect(await secretOpensClient(made.clientId, made.secret)).toBe(true);
    expect(await secretOpensClient(made.clientId, `${made.secret}x`)).toBe(false);
    expect((await listApiClients(handle.db, admin)).map((client) => client.clientId)).toContain(made.clientId);
    // Another administrator does not see it.
    const other = await actorOf(handle.db, "principal@example.com");
    expect(await apiClientDetail(handle.db, other, made.id)).toBeNull();
  });

  it("scopes or locations beyond the creator are refused", async () => {
    const auditor = await actorOf(handle.db, "auditor@example.com");
    expect(await create(auditor, ["users:write"], [])).toEqual({ kind: "refused", reason: "scopesNotYours" });
    const principal = await actorOf(handle.db, "principal@example.com");
    expect(await create(principal, ["users:read"], [milwaukee])).toEqual({
      kind: "refused",
      reason: "locationsNotYours",
    });
  });

  it("the token endpoint sees the provider's own secret only when the presented one opens the client", async () => {
    const made = await create(admin, ["users:read"], [milwaukee]);
    if (made.kind !== "created") throw new Error("not created");
    const passed = await tokenRequestAuthorization(basic(made.clientId, made.secret));
    const failed = await tokenRequestAuthorization(basic(made.clientId, "wrong"));
    expect(passed).not.toBe(basic(made.clientId, made.secret));
    expect(failed).not.toBe(passed);
    const client = await providerClientOf(made.clientId);
    expect(client).toMatchObject({
      grant_types: ["client_credentials"],
      token_endpoint_auth_method: "client_secret_basic",
    });
    expect(passed).toBe(basic(made.clientId, client!.client_secret as string));
    // The portal's own client and anything else pass untouched.
    expect(await tokenRequestAuthorization(basic("dealer-portal", "secret"))).toBeNull();
    expect(await tokenRequestAuthorization(undefined)).toBeNull();
  });

  it("a rotation keeps two secrets live until the previous one is retired; a revoked client opens to none", async () => {
    const made = await create(admin, ["users:read"], [milwaukee]);
    if (made.kind !== "created") throw new Error("not created");
    const rotated = await rotateApiClientSecret(handle.db, admin, made.id);
    expect(await secretOpensClient(made.clientId, made.secret)).toBe(true);
    expect(await secretOpensClient(made.clientId, rotated!.secret)).toBe(true);
    await retirePreviousSecrets(handle.db, admin, made.id);
    expect(await secretOpensClient(made.clientId, made.secret)).toBe(false);
    expect(await secretOpensClient(made.clientId, rotated!.secret)).toBe(true);
    await revokeApiClient(handle.db, admin, made.id);
    expect(await secretOpensClient(made.clientId, rotated!.secret)).toBe(false);
    expect(await providerClientOf(made.clientId)).toBeUndefined();
    expect(await activeApiClient(made.clientId)).toBeNull();
    expect(await rotateApiClientSecret(handle.db, admin, made.id)).toBeNull();
  });

  it("in a client's request the users list narrows to the client's locations, and audit rows name the client", async () => {
    const made = await create(admin, ["users:read"], [milwaukee]);
    if (made.kind !== "created") throw new Error("not created");
    const emails = async () =>
      (await listUsers(handle.db, admin, { ...userListStateOf(new URLSearchParams()), rowsPerPage: 100 })).rows.map(
        (row) => row.email,
      );
    const asPerson = await emails();
    expect(asPerson).toContain("dealer@example.com");
    await requestScope.run(new Map(), async () => {
      actAsApiClient({ id: made.id, creatorId: admin.identityId, locationIds: [milwaukee] });
      const asClient = await emails();
      expect(asClient).not.toContain("dealer@example.com");
      expect(asClient.length).toBeGreaterThan(0);
      expect(asClient.every((email) => asPerson.includes(email))).toBe(true);
      await recordAudit(handle.db, {
        entity: "user",
        entityId: 1,
        operation: "update",
        changes: [{ field: "probe", oldValue: null, newValue: "by client" }],
        actorId: admin.identityId,
      });
      // No location at all: nothing dealer-scoped.
      actAsApiClient({ id: made.id, creatorId: admin.identityId, locationIds: [] });
      expect(await emails()).toEqual([]);
    });
    const [row] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.field, "probe"), eq(auditLog.changedBy, admin.identityId)));
    expect(row.apiClientId).toBe(made.id);
    expect(columbus).not.toBe(milwaukee);
  });
});
