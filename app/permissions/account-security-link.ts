/** The embedded identity provider's own account page (issue #5 §2). */
export const EMBEDDED_ACCOUNT_PAGE = "/account/security";

/**
 * Where the profile menu's "Password and security" goes: the embedded provider's account page,
 * or, with an external identity provider, its account-security address.
 */
export function accountSecurityLink(embeddedIdp: boolean, externalUrl: string): string {
  return embeddedIdp ? EMBEDDED_ACCOUNT_PAGE : externalUrl;
}
