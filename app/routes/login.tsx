import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { optionalUser } from "~/auth/user.server";
import { returnToCookie } from "~/auth/return-to.server";
import { inSiteRedirectTarget } from "~/security/redirect-target";
import { strategyFor } from "~/auth/oidc-client.server";
import { signInNoticeFrom } from "~/auth/sign-in-notice.server";

function withPromptLogin(authorizationUrl: string): string {
  const url = new URL(authorizationUrl);
  url.searchParams.set("prompt", "login");
  return url.toString();
}

/** Starts sign-in by redirect (code + PKCE), remembering where to return (SPEC §4 Sign-in). */
export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = inSiteRedirectTarget(new URL(request.url).searchParams.get("returnTo"));
  if (await optionalUser(request)) throw redirect(returnTo);
  // The callback's base follows the remembered page's path (SPEC §2 callback base rule).
  const { strategy } = await strategyFor(request, returnTo.split("?")[0]);
  try {
    await strategy.authenticate(request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers(thrown.headers);
      // After a time-out the provider's own sign-in must not let the user straight back in.
      const location = headers.get("Location");
      if (location && (await signInNoticeFrom(request))) headers.set("Location", withPromptLogin(location));
      headers.append("Set-Cookie", await returnToCookie.serialize(returnTo));
      headers.set("Cache-Control", "no-store");
      // The provider's pages are no Remix route: a script's navigation here must load them as a document.
      headers.set("X-Remix-Reload-Document", "true");
      return new Response(null, { status: thrown.status, headers });
    }
    throw thrown;
  }
  throw redirect(returnTo);
}
