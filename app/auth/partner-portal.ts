/** The two partner-portal web roles (a service one and a sales one) of SPEC §2. */
export const PARTNER_PORTAL_ROLES = ["PARTNER_PORTAL_SERVICE", "PARTNER_PORTAL_SALES"] as const;

/** Whether the access token's web roles send the user to the partner portal on entry to home. */
export function partnerPortalRedirectApplies(webRoles: readonly string[] | undefined): boolean {
  return (webRoles ?? []).some((role) => (PARTNER_PORTAL_ROLES as readonly string[]).includes(role));
}
