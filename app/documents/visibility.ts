/** What the visibility rule reads of a document: its targeting. */
export interface DocumentTargeting {
  brandIds: readonly number[];
  regionCodes: readonly string[];
}

/** What the visibility rule reads of a user: their brands and regions (access data). */
export interface DocumentAudience {
  brandIds: readonly number[];
  regions: readonly string[];
}

/**
 * Brand and region targeting, as announcements: a document is visible to a user when it targets
 * one of the user's brands and one of the user's regions. An empty brand or region list targets
 * no one, so a document never reaches everybody by omission (the upload form requires both).
 */
export function documentVisibleTo(document: DocumentTargeting, audience: DocumentAudience): boolean {
  return (
    document.brandIds.some((b) => audience.brandIds.includes(b)) &&
    document.regionCodes.some((r) => audience.regions.includes(r))
  );
}

/**
 * Who sees a document in the library and may download it: those it targets, and the library's
 * managers (admin:documents:write) when it is for one of the brands they administer (their portal
 * brands; issue #30 §2), so they can replace or delete their brands' documents.
 */
export function documentShownTo(
  document: DocumentTargeting,
  audience: DocumentAudience,
  managedBrandIds: readonly number[],
): boolean {
  return documentVisibleTo(document, audience) || document.brandIds.some((b) => managedBrandIds.includes(b));
}
