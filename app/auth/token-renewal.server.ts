import { redirect, type Session } from "@remix-run/node";
import { logger } from "~/logger.server";
import { issuerEndpoints, strategyFor } from "./oidc-client.server";
import { sessionDataFromTokens } from "./sign-in.server";
import { claimTokenRenewal, sessionStorage, type SessionData } from "./session.server";

/** Renew this long before the access token expires. */
export const RENEW_BEFORE_MS = 60_000;

/** SPEC §4 Token: a renewed token whose user differs replaces the session (the page reloads). */
export function renewedForAnotherUser(previousSubject: string | undefined, renewedSubject: string): boolean {
  return previousSubject !== renewedSubject;
}

export function renewalDue(expiresAt: number | undefined, now = Date.now()): boolean {
  return typeof expiresAt === "number" && expiresAt - RENEW_BEFORE_MS <= now;
}

/** The provider's answers that withdraw the grant itself (RFC 6749 §5.2): the session cannot go on with it. */
const GRANT_REFUSALS = new Set(["invalid_grant", "invalid_client", "unauthorized_client"]);

/**
 * SPEC §8 "token error events: logged only": a renewal that fails on the way (the provider down,
 * a dropped connection, an odd answer) is logged and the session goes on until its own expiry;
 * only a provider that refuses the grant (revoked, replayed, expired) ends it (issue #30).
 */
export function renewalRefused(error: unknown): boolean {
  const code =
    typeof error === "object" && error !== null && "code" in error ? (error as { code: unknown }).code : null;
  return typeof code === "string" && GRANT_REFUSALS.has(code);
}

/**
 * Renews the access token with the refresh token when it is about to expire (SPEC §4 Token), once
 * per session however many of its requests find it due (`claimTokenRenewal`).
 * When the renewed token belongs to another user, the session is replaced (the page reloads
 * with the new session cookie). When the provider refuses the grant, the session ends; any other
 * failure is logged and the session goes on (its claim lapses, and a later request tries again).
 */
export async function renewTokensIfDue(request: Request, session: Session<SessionData>): Promise<void> {
  if (!renewalDue(session.get("accessTokenExpiresAt"))) return;
  const refreshToken = session.get("refreshToken");
  // Without a refresh token there is nothing to renew: the session runs to its own limits.
  if (!refreshToken) return;
  // Another request of this session is renewing with this refresh token, or has renewed: spending
  // it again would revoke the grant (rotation). This request goes on with the tokens it has.
  if (session.id && !(await claimTokenRenewal(session.id, refreshToken))) return;
  const storage = sessionStorage();
  const endSession = async (reason: string) => {
    logger.info({ reason }, "token renewal refused; session ended");
    return redirect(`/login?returnTo=${encodeURIComponent(new URL(request.url).pathname)}`, {
      headers: { "Set-Cookie": await storage.destroySession(session) },
    });
  };
  let renewed: Awaited<ReturnType<typeof renewAtProvider>>;
  try {
    renewed = await renewAtProvider(request, refreshToken);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "unknown";
    if (renewalRefused(error)) throw await endSession(reason);
    logger.warn({ event: "token_renewal_error", reason }, "token renewal failed; the session goes on");
    return;
  }
  try {
    const data = await sessionDataFromTokens(renewed.tokens, renewed.key, await issuerEndpoints(renewed.key));
    if (renewedForAnotherUser(session.get("claims")?.sub, data.claims.sub)) {
      await storage.destroySession(session);
      const fresh = await storage.getSession();
      for (const [name, value] of Object.entries(data)) fresh.set(name as keyof SessionData, value as never);
      throw redirect(new URL(request.url).pathname + new URL(request.url).search, {
        headers: { "Set-Cookie": await storage.commitSession(fresh) },
      });
    }
    for (const [name, value] of Object.entries(data)) session.set(name as keyof SessionData, value as never);
    await storage.commitSession(session);
  } catch (error) {
    if (error instanceof Response) throw error;
    // The renewed token's account is no active portal user any more.
    throw await endSession(error instanceof Error ? error.message : "unknown");
  }
}

async function renewAtProvider(request: Request, refreshToken: string) {
  const { strategy, key } = await strategyFor(request, undefined, "refresh");
  return { key, tokens: await strategy.refreshToken(refreshToken) };
}
