import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import {
  endedSessions,
  formKeys,
  formRescues,
  loginAttempts,
  oidcPayloads,
  rateLimitWindows,
  sessions,
} from "~/db/schema";
import { FORM_KEY_RETENTION_MS } from "~/security/form-key";
import { ENDED_SESSION_RETENTION_MS } from "~/auth/session.server";
import { LOGIN_ATTEMPT_RETENTION_MS, RATE_LIMIT_WINDOW_RETENTION_MS, purgeExpired } from "~/jobs/housekeeping.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";

describe.each(BACKENDS)("housekeeping on $name", (backend) => {
  let handle: DatabaseHandle;
  const now = new Date("2026-11-21T12:00:00Z");
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

  beforeAll(async () => {
    handle = await seededDatabase(backend);
  });
  afterAll(async () => handle?.close());

  it("expired sessions, provider records, old sign-in attempts, ended rate-limit windows, day-old form keys and expired form rescues go; live ones stay", async () => {
    const dealer = await identityIdOf(handle.db, "dealer@example.com");
    await handle.db.insert(sessions).values([
      { id: "hk-expired", identityId: dealer, data: {}, expiresAt: minutes(-1) },
      { id: "hk-live", identityId: dealer, data: {}, expiresAt: minutes(60) },
    ]);
    await handle.db.insert(oidcPayloads).values([
      { id: "hk-old-code", model: "AuthorizationCode", payload: {}, expiresAt: minutes(-5) },
      { id: "hk-live-token", model: "RefreshToken", payload: {}, expiresAt: minutes(600) },
      { id: "hk-no-expiry", model: "Client", payload: {}, expiresAt: null },
    ]);
    await handle.db.insert(loginAttempts).values([
      {
        email: "hk@example.com",
        succeeded: false,
        attemptedAt: new Date(now.getTime() - LOGIN_ATTEMPT_RETENTION_MS - 1000),
      },
      { email: "hk@example.com", succeeded: false, attemptedAt: minutes(-1) },
    ]);
    await handle.db.insert(rateLimitWindows).values([
      {
        key: "signin:hk",
        windowStart: new Date(now.getTime() - RATE_LIMIT_WINDOW_RETENTION_MS - 60_000),
        hits: 3,
      },
      { key: "signin:hk", windowStart: minutes(-1), hits: 2 },
    ]);
    await handle.db.insert(formKeys).values([
      { key: "hk-old-key", createdAt: new Date(now.getTime() - FORM_KEY_RETENTION_MS - 1000), status: 302 },
      { key: "hk-new-key", createdAt: minutes(-1), status: 302 },
    ]);
    await handle.db.insert(formRescues).values([
      { identityId: dealer, path: "/admin", sealed: "x", createdAt: minutes(-40), expiresAt: minutes(-10) },
      { identityId: dealer, path: "/admin", sealed: "y", createdAt: minutes(-5), expiresAt: minutes(25) },
    ]);
    await handle.db.insert(endedSessions).values({
      idHash: "hk-long-ended",
      identityId: dealer,
      endedAt: new Date(now.getTime() - ENDED_SESSION_RETENTION_MS - 1000),
    });
    expect(await purgeExpired(handle.db, now)).toEqual({
      sessions: 1,
      providerRecords: 1,
      loginAttempts: 1,
      rateLimitWindows: 1,
      formKeys: 1,
      formRescues: 1,
      endedSessions: 1,
    });
    // The expired session left whose it was (the trigger), for a post still carrying its cookie.
    expect(
      (await handle.db.select({ identityId: endedSessions.identityId }).from(endedSessions)).map((e) => e.identityId),
    ).toEqual([dealer]);
    expect((await handle.db.select({ key: formKeys.key }).from(formKeys)).map((k) => k.key)).toEqual(["hk-new-key"]);
    expect((await handle.db.select({ sealed: formRescues.sealed }).from(formRescues)).map((r) => r.sealed)).toEqual([
      "y",
    ]);
    expect(await handle.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.key, "signin:hk"))).toHaveLength(
      1,
    );
    expect(
      (await handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.identityId, dealer))).map(
        (s) => s.id,
      ),
    ).toEqual(["hk-live"]);
    expect((await handle.db.select({ id: oidcPayloads.id }).from(oidcPayloads)).map((p) => p.id).sort()).toEqual([
      "hk-live-token",
      "hk-no-expiry",
    ]);
    expect(await handle.db.select().from(loginAttempts).where(eq(loginAttempts.email, "hk@example.com"))).toHaveLength(
      1,
    );
  });

  it("a second run finds nothing more", async () => {
    expect(await purgeExpired(handle.db, now)).toEqual({
      sessions: 0,
      providerRecords: 0,
      loginAttempts: 0,
      rateLimitWindows: 0,
      formKeys: 0,
      formRescues: 0,
      endedSessions: 0,
    });
  });
});
