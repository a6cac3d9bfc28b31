import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { oidcPayloads } from "~/db/schema";
import { providerClientOf } from "./api-client-auth.server";

/** Persists the embedded identity provider's models in the database (survives restarts, shared by instances). */
export class DatabaseOidcAdapter {
  constructor(private readonly model: string) {}

  async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      id,
      model: this.model,
      payload,
      grantId: (payload.grantId as string | undefined) ?? null,
      uid: (payload.uid as string | undefined) ?? null,
      userCode: (payload.userCode as string | undefined) ?? null,
      accountId: (payload.accountId as string | undefined) ?? null,
      expiresAt,
    };
    await db()
      .insert(oidcPayloads)
      .values(row)
      .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.model], set: { ...row, consumedAt: null } });
  }

  private async findWhere(condition: ReturnType<typeof eq>) {
    const [row] = await db()
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), condition));
    if (!row) return undefined;
    if (row.expiresAt && row.expiresAt.getTime() < Date.now()) return undefined;
    return {
      ...row.payload,
      ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
    };
  }

  find(id: string) {
    // Clients beyond the portal's own are the API clients (issue #35 §3), read from their table.
    if (this.model === "Client") return providerClientOf(id);
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string) {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string) {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await db()
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.model, this.model)));
  }

  async destroy(id: string): Promise<void> {
    await db()
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.model, this.model)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await db().delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
  }
}

/** Ends the provider's sessions of one account (used with sign-out everywhere). */
export async function destroyProviderSessionsOf(accountId: string): Promise<void> {
  await db()
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.model, "Session"), eq(oidcPayloads.accountId, accountId)));
}
