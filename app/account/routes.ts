import type { RouteAccess } from "~/permissions/route-rules";
import { SIGNED_IN } from "~/security/feature-rule";

/** The embedded identity provider's own account page (issue #5 §2). */
export const EMBEDDED_ACCOUNT_PAGE = "/account/security";

export const accountRoutes = {
  /** The embedded identity provider's account page: change password, active sessions (issue #5 §2). */
  accountSecurity: { pattern: EMBEDDED_ACCOUNT_PAGE, rule: SIGNED_IN },
} as const satisfies Record<string, RouteAccess>;

/**
 * Where the profile menu's "Password and security" goes: the embedded provider's account page,
 * or, with an external identity provider, its account-security address.
 */
export function accountSecurityLink(embeddedIdp: boolean, externalUrl: string): string {
  return embeddedIdp ? EMBEDDED_ACCOUNT_PAGE : externalUrl;
}
