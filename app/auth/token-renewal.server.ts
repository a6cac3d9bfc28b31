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

/**
 * Renews the access token with the refresh token when it is about to expire (SPEC §4 Token), once
 * per session however many of its requests find it due (`claimTokenRenewal`).
 * When the renewed token belongs to another user, the session is replaced (the page reloads
 * with the new session cookie). When renewal fails, the session ends.
 */
export async function renewTokensIfDue(request: Request, session: Session<SessionData>): Promise<void> {
  if (!renewalDue(session.get("accessTokenExpiresAt"))) return;
  const refreshToken = session.get("refreshToken");
  // Another request of this session is renewing with this refresh token, or has renewed: spending
  // it again would revoke the grant (rotation). This request goes on with the tokens it has.
  if (refreshToken && session.id && !(await claimTokenRenewal(session.id, refreshToken))) return;
  const storage = sessionStorage();
  try {
    if (!refreshToken) throw new Error("no refresh token");
    const { strategy, key } = await strategyFor(request, undefined, "refresh");
    const tokens = await strategy.refreshToken(refreshToken);
    const data = await sessionDataFromTokens(tokens, key, await issuerEndpoints(key));
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
    logger.info({ reason: error instanceof Error ? error.message : "unknown" }, "token renewal failed; session ended");
    throw redirect(`/login?returnTo=${encodeURIComponent(new URL(request.url).pathname)}`, {
      headers: { "Set-Cookie": await storage.destroySession(session) },
    });
  }
}
