/**
 * What happens when access data cannot be loaded (SPEC §8): the error is shown, unless the
 * message is 'Request aborted' a user without serialNumber:present (no employee number) on a
 * site not hosted for the third brand goes to the identity provider's dashboard.
 */
export function accessFailureOutcome(input: {
  message: string;
  hasEmployeeNumber: boolean;
  onBrand3Host: boolean;
  dashboardUrl?: string;
}): { kind: "redirect"; to: string } | { kind: "error"; details: string } {
  if (input.message !== "Request aborted" && !input.hasEmployeeNumber && !input.onBrand3Host && input.dashboardUrl) {
    return { kind: "redirect", to: input.dashboardUrl };
  }
  return { kind: "error", details: errorDetailsOf(input.message) };
}

/** The details line of an error page: the message's first line, at most 200 characters (never a stack). */
export function errorDetailsOf(message: string): string {
  const line = message.split(/\r?\n/, 1)[0].trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** The scopes the portal reads its user with: a token without one of them cannot stand for the user. */
export const REQUIRED_SCOPES = ["openid", "profile", "email", "ngpassport"] as const;

/**
 * SPEC §4 Token: when the user record fails to load and no access token is stored, or it lacks a
 * required scope, the stored tokens are cleared and the user signs in again (a token granted as
 * asked names no scopes: it lacks none).
 */
export function tokenNeedsNewSignIn(tokens: { accessToken?: string; scopes?: readonly string[] }): boolean {
  if (!tokens.accessToken) return true;
  return tokens.scopes !== undefined && REQUIRED_SCOPES.some((scope) => !tokens.scopes!.includes(scope));
}
