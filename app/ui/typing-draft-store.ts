// Apart from the drafts' hook: sign-out forgets them on every page, without loading Conform and Zod (issue #38 §2).

/** Every typing draft's storage key starts so: sign-out removes them all. */
export const DRAFT_PREFIX = "portal-draft:";

/**
 * Removes the typing drafts in this browser: every one (sign-out: nothing of them survives it), or
 * one page's (its post was sent from the offline queue, issue #34 §2).
 */
export function forgetTypingDrafts(pathname?: string): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(DRAFT_PREFIX)) continue;
      const place = key.slice(key.indexOf(":", DRAFT_PREFIX.length) + 1);
      if (pathname === undefined || place === pathname || place.startsWith(`${pathname}#`))
        localStorage.removeItem(key);
    }
  } catch {
    // Nothing stored, nothing to forget.
  }
}
