import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, identities, oidcPayloads, sessions } from "~/db/schema";
import { DEMO_PASSWORD } from "~/seed/seed";
import { checkCredentials } from "~/security/credentials.server";
import {
  activeSessionsOf,
  changeOwnPassword,
  endOtherSessions,
  sessionHandle,
} from "~/account/account-security.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOfId } from "./actor-of";

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

describe.each(BACKENDS)("account security on $name", (backend) => {
  let handle: DatabaseHandle;
  const idOf = (email: string) => identityIdOf(handle.db, email);
  const later = new Date(Date.now() + 3_600_000);
  /** A portal session with a refresh token whose grant the provider stores. */
  async function sessionWithGrant(identityId: number, id: string, userAgent: string) {
    await handle.db.insert(sessions).values({
      id,
      identityId,
      data: { identityId, refreshToken: `rt-${id}` },
      expiresAt: later,
      userAgent,
      lastSeenAt: new Date(),
    });
    await handle.db.insert(oidcPayloads).values([
      { id: `rt-${id}`, model: "RefreshToken", payload: {}, grantId: `grant-${id}`, accountId: String(identityId) },
      { id: `grant-${id}`, model: "Grant", payload: {}, grantId: `grant-${id}`, accountId: String(identityId) },
    ]);
  }

  beforeAll(async () => {
    handle = await seededDatabase(backend);
  });
  afterAll(async () => handle?.close());

  it("the session list: own unexpired sessions with device, the current one marked, ids never shown", async () => {
    const dealer = await idOf("dealer@example.com");
    await sessionWithGrant(dealer, "s-dealer-1", CHROME_LINUX);
    await sessionWithGrant(dealer, "s-dealer-2", SAFARI_IPHONE);
    await handle.db
      .insert(sessions)
      .values({ id: "s-dealer-old", identityId: dealer, data: {}, expiresAt: new Date(Date.now() - 1000) });
    const list = await activeSessionsOf(handle.db, dealer, "s-dealer-1");
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.current)?.device).toEqual({ browser: "Chrome", system: "Linux" });
    expect(list.find((s) => !s.current)?.device).toEqual({ browser: "Safari", system: "iOS" });
    expect(JSON.stringify(list)).not.toContain("s-dealer-");
  });

  it("signing out one other session ends it, its grant and the provider's sign-ins; never the current one", async () => {
    const dealer = await idOf("dealer@example.com");
    await handle.db
      .insert(oidcPayloads)
      .values({ id: "idp-session-dealer", model: "Session", payload: {}, accountId: String(dealer) });
    expect(
      await endOtherSessions(handle.db, await actorOfId(handle.db, dealer), "s-dealer-1", {
        handle: sessionHandle("s-dealer-1"),
      }),
    ).toBe(0);
    expect(
      await endOtherSessions(handle.db, await actorOfId(handle.db, dealer), "s-dealer-1", {
        handle: sessionHandle("s-dealer-2"),
      }),
    ).toBe(1);
    const left = await handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.identityId, dealer));
    expect(left.map((s) => s.id).sort()).toEqual(["s-dealer-1", "s-dealer-old"]);
    expect(await handle.db.select().from(oidcPayloads).where(eq(oidcPayloads.grantId, "grant-s-dealer-2"))).toEqual([]);
    expect(
      await handle.db.select().from(oidcPayloads).where(eq(oidcPayloads.grantId, "grant-s-dealer-1")),
    ).toHaveLength(2);
    expect(
      await handle.db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, "Session"), eq(oidcPayloads.accountId, String(dealer)))),
    ).toEqual([]);
  });

  it("one cannot end another user's session by its handle", async () => {
    const dealer = await idOf("dealer@example.com");
    const admin = await idOf("admin@example.com");
    await sessionWithGrant(admin, "s-admin-1", CHROME_LINUX);
    expect(
      await endOtherSessions(handle.db, await actorOfId(handle.db, dealer), "s-dealer-1", {
        handle: sessionHandle("s-admin-1"),
      }),
    ).toBe(0);
    expect(await handle.db.select().from(sessions).where(eq(sessions.id, "s-admin-1"))).toHaveLength(1);
  });

  it("signing out all others keeps only the current session, and is audited", async () => {
    const admin = await idOf("admin@example.com");
    await sessionWithGrant(admin, "s-admin-2", SAFARI_IPHONE);
    await sessionWithGrant(admin, "s-admin-3", SAFARI_IPHONE);
    expect(await endOtherSessions(handle.db, await actorOfId(handle.db, admin), "s-admin-2", "all")).toBe(2);
    const left = await handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.identityId, admin));
    expect(left.map((s) => s.id)).toEqual(["s-admin-2"]);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "identity"), eq(auditLog.entityId, admin), eq(auditLog.field, "sessions")));
    expect(audit.at(-1)).toMatchObject({ oldValue: "3", newValue: "1", changedBy: admin });
  });

  it("change password: a wrong current password changes nothing", async () => {
    const auditor = await idOf("auditor@example.com");
    expect(await changeOwnPassword(handle.db, await actorOfId(handle.db, auditor), "not-it", "Fresh#Pass2026")).toEqual(
      { kind: "wrongCurrent" },
    );
    expect((await checkCredentials(handle.db, "auditor@example.com", DEMO_PASSWORD)).ok).toBe(true);
  });

  it("change password: with the right current one the new password signs in, the old does not; audited without values", async () => {
    const auditor = await idOf("auditor@example.com");
    expect(
      await changeOwnPassword(handle.db, await actorOfId(handle.db, auditor), DEMO_PASSWORD, "Fresh#Pass2026"),
    ).toEqual({ kind: "changed" });
    expect((await checkCredentials(handle.db, "auditor@example.com", "Fresh#Pass2026")).ok).toBe(true);
    expect((await checkCredentials(handle.db, "auditor@example.com", DEMO_PASSWORD)).ok).toBe(false);
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "identity"), eq(auditLog.entityId, auditor), eq(auditLog.field, "password")));
    expect(entry).toMatchObject({ oldValue: null, newValue: null, changedBy: auditor });
    const [row] = await handle.db
      .select({ changed: identities.lastPassportChange })
      .from(identities)
      .where(eq(identities.id, auditor));
    expect(row.changed).not.toBeNull();
  });
});
