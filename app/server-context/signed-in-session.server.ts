import { primeRequestValue, requestScope } from "~/server-context/request-scope.server";

const SIGNED_IN_SESSION = "account:signedInSession";

/**
 * Records the portal session the current HTTP request is signed in with. The guard that reads the
 * session (auth/user.server) calls it, so a password change made in this request can keep this
 * session while it ends the user's others, without every route handing the session id down.
 */
export function rememberSignedInSession(sessionId: string): void {
  primeRequestValue(SIGNED_IN_SESSION, sessionId);
}

/** The portal session the current request is signed in with; none outside a request or signed out. */
export function signedInSessionId(): string | undefined {
  const value = requestScope.getStore()?.get(SIGNED_IN_SESSION);
  return typeof value === "string" ? value : undefined;
}
