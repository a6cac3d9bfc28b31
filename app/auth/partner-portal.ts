/** The partner-portal web roles of SPEC §2 (a service one and a sales one), from PARTNER_PORTAL_ROLES. */
export function partnerPortalRoles(configured: string): string[] {
  return configured
    .split(",")
    .map((role) => role.trim())
    .filter(Boolean);
}

/** Whether the token's web roles send the user to the partner portal on entry to home. */
export function partnerPortalRedirectApplies(
  webRoles: readonly string[] | undefined,
  partnerRoles: readonly string[],
): boolean {
  return (webRoles ?? []).some((role) => partnerRoles.includes(role));
}
