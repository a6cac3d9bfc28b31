import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { oidcPayloads, sessions, verificationTokens } from "~/db/schema";
import { DEMO_PASSWORD } from "~/seed/seed";
import { checkCredentials } from "~/security/credentials.server";
import { changeOwnPassword, endOtherSessions, sessionHandle } from "~/account/account-security.server";
import { replaceExpiredPassword } from "~/account/password-expiry.server";
import { rememberSignedInSession } from "~/server-context/signed-in-session.server";
import { migrateAccount } from "~/account-migration/migration.server";
import { completeVerification } from "~/users/verification.server";
import { requestScope } from "~/server-context/request-scope.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOfId } from "./actor-of";

/**
 * Issue #30 item 4: a password change ends every other way in of whoever knew the old password —
 * the user's other portal sessions and everything the embedded provider keeps for the account
 * (its sign-ins, grants, access and refresh tokens) — and keeps the session making the change.
 */
describe.each(BACKENDS)("SPEC #30 sessions and tokens after a password change on $name", (backend) => {
  let handle: DatabaseHandle;
  const later = () => new Date(Date.now() + 3_600_000);

  /**
   * A signed-in browser as the provider stores it: the portal session with its refresh token, the
   * provider's sign-in (Session) the token is bound to, the grant (whose row carries no grant id,
   * as the provider writes it) and an access token of the grant.
   */
  async function signedInBrowser(identityId: number, name: string) {
    const accountId = String(identityId);
    const grantId = `grant-${name}`;
    await handle.db.insert(sessions).values({
      id: `s-${name}`,
      identityId,
      data: { identityId, refreshToken: `rt-${name}` },
      expiresAt: later(),
    });
    await handle.db.insert(oidcPayloads).values([
      { id: `op-${name}`, model: "Session", payload: { uid: `uid-${name}`, accountId }, uid: `uid-${name}`, accountId },
      { id: grantId, model: "Grant", payload: { accountId }, accountId },
      {
        id: `rt-${name}`,
        model: "RefreshToken",
        payload: { grantId, accountId, sessionUid: `uid-${name}` },
        grantId,
        accountId,
      },
      { id: `at-${name}`, model: "AccessToken", payload: { grantId, accountId }, grantId, accountId },
    ]);
  }

  /** The provider's records and portal sessions left of the named browsers. */
  async function leftOf(...names: string[]) {
    const records = await handle.db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(
        inArray(
          oidcPayloads.id,
          names.flatMap((n) => [`op-${n}`, `grant-${n}`, `rt-${n}`, `at-${n}`]),
        ),
      );
    const portal = await handle.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        inArray(
          sessions.id,
          names.map((n) => `s-${n}`),
        ),
      );
    return { records: records.map((r) => r.id).sort(), sessions: portal.map((s) => s.id).sort() };
  }

  const everything = (name: string) => [`at-${name}`, `grant-${name}`, `op-${name}`, `rt-${name}`];

  beforeAll(async () => {
    handle = await seededDatabase(backend);
  });
  afterAll(async () => handle?.close());

  it("SPEC #30 a password change ends the user's other sessions and revokes their tokens; the session making it stays", async () => {
    const dealer = await identityIdOf(handle.db, "dealer@example.com");
    const admin = await identityIdOf(handle.db, "admin@example.com");
    await signedInBrowser(dealer, "own-here");
    await signedInBrowser(dealer, "own-phone");
    await signedInBrowser(admin, "own-bystander");
    // A token of another grant (an API caller's), and a code not yet exchanged.
    await handle.db.insert(oidcPayloads).values([
      { id: "at-own-api", model: "AccessToken", payload: {}, grantId: "grant-own-api", accountId: String(dealer) },
      { id: "code-own-api", model: "AuthorizationCode", payload: {}, grantId: "grant-own-api" },
    ]);

    // As the account page calls it: the request's signed-in session is the one kept.
    const dealerActor = await actorOfId(handle.db, dealer);
    const outcome = await requestScope.run(new Map(), () => {
      rememberSignedInSession("s-own-here");
      return changeOwnPassword(handle.db, dealerActor, DEMO_PASSWORD, "Fresh#Dealer2026");
    });
    expect(outcome).toEqual({ kind: "changed" });

    expect(await leftOf("own-here", "own-phone", "own-bystander")).toEqual({
      records: [...everything("own-here"), ...everything("own-bystander")].sort(),
      sessions: ["s-own-bystander", "s-own-here"],
    });
    expect(
      await handle.db
        .select()
        .from(oidcPayloads)
        .where(inArray(oidcPayloads.id, ["at-own-api", "code-own-api"])),
    ).toEqual([]);
    expect((await checkCredentials(handle.db, "dealer@example.com", "Fresh#Dealer2026")).ok).toBe(true);
  });

  it("SPEC #30 a password change outside a signed-in request (the expired password's step at sign-in) ends every session", async () => {
    const dealer = await identityIdOf(handle.db, "dealer@example.com");
    await signedInBrowser(dealer, "expired-a");
    await signedInBrowser(dealer, "expired-b");
    expect(await replaceExpiredPassword(handle.db, dealer, "Second#Dealer2026")).toEqual({ kind: "changed" });
    expect(await leftOf("expired-a", "expired-b")).toEqual({ records: [], sessions: [] });
  });

  it("SPEC #30 the account migration's password ends the user's other sessions and revokes their tokens; the session making it stays", async () => {
    const migrator = await identityIdOf(handle.db, "migrate@example.com");
    await signedInBrowser(migrator, "migrate-here");
    await signedInBrowser(migrator, "migrate-other");
    const input = {
      password: "Harbor#Light42",
      confirmPassword: "Harbor#Light42",
      securityQuestion: "What was the name of your first pet?",
      securityAnswer: "Rex the Dog",
    };
    expect(
      await migrateAccount(handle.db, await actorOfId(handle.db, migrator), input, new Date(), "s-migrate-here"),
    ).toEqual({
      kind: "changed",
    });
    expect(await leftOf("migrate-here", "migrate-other")).toEqual({
      records: everything("migrate-here"),
      sessions: ["s-migrate-here"],
    });
  });

  it("SPEC #30 a password chosen through a verification link ends every session and token of the user", async () => {
    const auditor = await identityIdOf(handle.db, "auditor@example.com");
    await signedInBrowser(auditor, "link-a");
    await signedInBrowser(auditor, "link-b");
    const token = randomBytes(32).toString("base64url");
    await handle.db.insert(verificationTokens).values({
      tokenHash: createHash("sha256").update(token).digest("hex"),
      identityId: auditor,
      expiresAt: later(),
    });
    expect(await completeVerification(handle.db, token, "Linked#Auditor2026")).toMatchObject({ kind: "verified" });
    expect(await leftOf("link-a", "link-b")).toEqual({ records: [], sessions: [] });
    expect((await checkCredentials(handle.db, "auditor@example.com", "Linked#Auditor2026")).ok).toBe(true);
  });

  it("SPEC #30 signing out the other sessions keeps the current session's grant and the provider sign-in its refresh token is bound to", async () => {
    const partner = await identityIdOf(handle.db, "partner@example.com");
    await signedInBrowser(partner, "others-here");
    await signedInBrowser(partner, "others-there");
    expect(await endOtherSessions(handle.db, await actorOfId(handle.db, partner), "s-others-here", "all")).toBe(1);
    expect(await leftOf("others-here", "others-there")).toEqual({
      records: everything("others-here"),
      sessions: ["s-others-here"],
    });
    // One by its handle: the same holds.
    await signedInBrowser(partner, "others-third");
    expect(
      await endOtherSessions(handle.db, await actorOfId(handle.db, partner), "s-others-here", {
        handle: sessionHandle("s-others-third"),
      }),
    ).toBe(1);
    expect(await leftOf("others-here", "others-third")).toEqual({
      records: everything("others-here"),
      sessions: ["s-others-here"],
    });
    const [kept] = await handle.db.select().from(sessions).where(eq(sessions.id, "s-others-here"));
    expect(kept.identityId).toBe(partner);
  });
});
