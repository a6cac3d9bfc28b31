import { createCookie } from "@remix-run/node";
import { signInNoticeOf, type SignInNotice } from "./session-timeout";

/**
 * Why the user is asked to sign in again (a session ended by a time-out), for the sign-in page
 * to say so. A cookie rather than a query parameter, because the way to the sign-in page passes
 * through the identity provider, which keeps no parameters of ours.
 */
const noticeCookie = createCookie("portal_signin_notice", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 15,
});

export function signInNoticeCookie(notice: SignInNotice): Promise<string> {
  return noticeCookie.serialize(notice);
}

export function clearSignInNoticeCookie(): Promise<string> {
  return noticeCookie.serialize("", { maxAge: 0 });
}

export async function signInNoticeFrom(request: Request): Promise<SignInNotice | null> {
  return signInNoticeOf(await noticeCookie.parse(request.headers.get("Cookie")));
}
