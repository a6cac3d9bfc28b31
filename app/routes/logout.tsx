import { redirect, redirectDocument, type ActionFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { issuerEndpoints, publicOriginFor, strategyFor } from "~/auth/oidc-client.server";
import { getSession, sessionStorage } from "~/auth/session.server";
import { logger } from "~/logger.server";
import { offlineKeyCookieHeader } from "~/auth/offline-key.server";
import { signInNoticeOf } from "~/auth/session-timeout";
import { signInNoticeCookie } from "~/auth/sign-in-notice.server";
import { readFormData } from "~/security/form-body.server";

export async function loader() {
  throw redirect("/");
}

/** Sign-out: ends the portal session, revokes the refresh token, then ends the provider's session. */
export async function action({ request }: ActionFunctionArgs) {
  // The time-out warning signs out with a reason, for the sign-in page to explain.
  const reason = signInNoticeOf((await readFormData(request).catch(() => null))?.get("reason"));
  const session = await getSession(request);
  const idToken = session.get("idToken");
  const refreshToken = session.get("refreshToken");
  const cookie = await sessionStorage().destroySession(session);
  const { strategy, key } = await strategyFor(request);
  if (refreshToken) {
    await strategy.revokeToken(refreshToken).catch((error: unknown) => {
      logger.info({ reason: error instanceof Error ? error.message : "unknown" }, "refresh token revocation failed");
    });
  }
  const endpoints = await issuerEndpoints(key);
  let target = "/";
  if (endpoints.endSession) {
    const url = new URL(endpoints.endSession);
    if (idToken) url.searchParams.set("id_token_hint", idToken);
    url.searchParams.set("client_id", getConfig().OIDC_CLIENT_ID);
    url.searchParams.set("post_logout_redirect_uri", `${publicOriginFor(request)}/`);
    target = url.toString();
  }
  // The installed app's saved pages and its service worker go with the session (issue #6 §2).
  const headers = new Headers({ "Cache-Control": "no-store", "Clear-Site-Data": '"cache", "storage"' });
  headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", offlineKeyCookieHeader(null));
  if (reason) headers.append("Set-Cookie", await signInNoticeCookie(reason));
  return redirectDocument(target, { headers });
}
