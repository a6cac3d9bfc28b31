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
 * managers (admin:documents:write), who see every document so they can replace or delete it.
 */
export function documentShownTo(
  document: DocumentTargeting,
  audience: DocumentAudience,
  managesLibrary: boolean,
): boolean {
  return managesLibrary || documentVisibleTo(document, audience);
}
