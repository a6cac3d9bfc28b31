import { redirect } from "@remix-run/node";
import { logger } from "~/logger.server";
import { signIns } from "~/server-context/metrics.server";
import { db } from "~/db/client.server";
import { offlineKeyCookieHeader, offlineKeyOf } from "~/auth/offline-key.server";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { identities } from "~/db/schema";
import { isLocale, type Locale } from "~/i18n/locale";
import { localeCookie } from "~/i18n/i18next.server";
import { issuerEndpoints, strategyFor } from "./oidc-client.server";
import { returnToCookie } from "./return-to.server";
import { clearSignInNoticeCookie, signInNoticeFrom } from "./sign-in-notice.server";
import { inSiteRedirectTarget } from "~/security/redirect-target";
import { sessionDataFromTokens } from "./sign-in.server";
import { getSession, sessionStorage, type SessionData } from "./session.server";

/** Names of the state cookies remix-auth-oauth2 leaves behind (one per started sign-in). */
function stateCookieNames(cookieHeader: string | null): string[] {
  return (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim().split("=")[0])
    .filter((name) => name.startsWith("oauth2"));
}

/**
 * The sign-in callback: checks state and code, exchanges the code (with the PKCE verifier),
 * starts a portal session and returns to the remembered address. A missing or forged
 * state/code yields `{ failed: true }` for a translated error page, never a crash.
 */
export async function handleSignInCallback(request: Request): Promise<Response | { failed: true }> {
  const url = new URL(request.url);
  try {
    const { strategy, key } = await strategyFor(request, url.pathname);
    const tokens = await strategy.authenticate(request);
    const data = await sessionDataFromTokens(tokens, key, await issuerEndpoints(key));
    const storage = sessionStorage();
    const previous = await getSession(request);
    if (previous.id) await storage.destroySession(previous);
    const session = await storage.getSession();
    for (const [name, value] of Object.entries(data)) session.set(name as keyof SessionData, value as never);
    session.set("userAgent", (request.headers.get("User-Agent") ?? "").slice(0, 512));
    const returnTo = inSiteRedirectTarget(await returnToCookie.parse(request.headers.get("Cookie")));
    const headers = new Headers({ "Cache-Control": "no-store" });
    headers.append("Set-Cookie", await storage.commitSession(session));
    headers.append("Set-Cookie", await returnToCookie.serialize("", { maxAge: 0 }));
    if (await signInNoticeFrom(request)) headers.append("Set-Cookie", await clearSignInNoticeCookie());
    // The service worker must not show a previous user's saved pages to this one (ADR 11).
    headers.append("Set-Cookie", offlineKeyCookieHeader(offlineKeyOf(data.identityId)));
    // The user's preferred language (global preferences) becomes the interface language.
    const language = await preferredLanguageOf(db(), data.identityId);
    if (language) headers.append("Set-Cookie", await localeCookie.serialize(language));
    for (const name of stateCookieNames(request.headers.get("Cookie"))) {
      headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    }
    signIns.inc({ result: "success" });
    return redirect(returnTo, { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    signIns.inc({ result: "failure" });
    logger.warn({ reason: error instanceof Error ? error.message : "unknown" }, "sign-in callback refused");
    return { failed: true };
  }
}

/** The user's preferred language when it is one of the portal's, else null. */
export async function preferredLanguageOf(database: Database, identityId: number): Promise<Locale | null> {
  const [row] = await database
    .select({ language: identities.preferredLanguage })
    .from(identities)
    .where(eq(identities.id, identityId));
  return row && isLocale(row.language) ? row.language : null;
}
