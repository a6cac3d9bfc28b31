import { createCookie } from "@remix-run/node";
import { getConfig } from "~/config.server";

/**
 * Between a sign-in whose password has expired and the new password: who proved their password,
 * in which sign-in interaction. Signed, short-lived, and useless outside that interaction.
 */
function pendingCookie() {
  return createCookie("portal_password_expired", {
    httpOnly: true,
    sameSite: "lax",
    path: "/signin",
    maxAge: 60 * 15,
    secrets: [getConfig().SESSION_SECRET],
  });
}

export function expiredPasswordCookie(uid: string, identityId: number): Promise<string> {
  return pendingCookie().serialize({ uid, identityId });
}

export function clearExpiredPasswordCookie(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0 });
}

/** The identity whose expired password must be replaced in this interaction, if any. */
export async function expiredPasswordIdentity(request: Request, uid: string): Promise<number | null> {
  const value: unknown = await pendingCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const pending = value as { uid?: unknown; identityId?: unknown };
  return pending.uid === uid && typeof pending.identityId === "number" ? pending.identityId : null;
}
