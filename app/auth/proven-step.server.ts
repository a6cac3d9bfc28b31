import { createCookie } from "@remix-run/node";
import { getConfig } from "~/config.server";

/**
 * A step of a sign-in that comes after the password and before the portal: who proved their
 * password, in which sign-in interaction. Signed, short-lived, and useless outside that
 * interaction. The expired password's new one (issue #15 §5) and a deactivated user's
 * reactivation request (issue #39 §5) are such steps.
 */
function provenStep(name: string) {
  const cookie = () =>
    createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/signin",
      maxAge: 60 * 15,
      secrets: [getConfig().SESSION_SECRET],
    });
  return {
    start: (uid: string, identityId: number): Promise<string> => cookie().serialize({ uid, identityId }),
    end: (): Promise<string> => cookie().serialize("", { maxAge: 0 }),
    /** The identity that proved its password in this interaction, if any. */
    async identity(request: Request, uid: string): Promise<number | null> {
      const value: unknown = await cookie().parse(request.headers.get("Cookie"));
      if (!value || typeof value !== "object") return null;
      const pending = value as { uid?: unknown; identityId?: unknown };
      return pending.uid === uid && typeof pending.identityId === "number" ? pending.identityId : null;
    },
  };
}

/** Between a sign-in whose password has expired and the new password. */
export const expiredPasswordStep = provenStep("portal_password_expired");

/** Between a deactivated user's sign-in and their request to be active again. */
export const reactivationStep = provenStep("portal_reactivation");
