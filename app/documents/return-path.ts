import { inSiteRedirectTarget } from "~/security/redirect-target";

/** The list's search parameters that open a dialog or report an outcome, never kept after a post. */
export const TRANSIENT_LIST_PARAMS = ["replace", "confirmDelete", "edit", "done", "deleted"] as const;

export type DocumentOutcome = "uploaded" | "replaced" | "edited" | "deleted";

/**
 * Where a post on the library returns: the list as the user had it (subject, search, page), an
 * address on /documents only, without open dialogs, with the outcome to report.
 */
export function documentsReturnPath(returnTo: unknown, outcome: DocumentOutcome): string {
  const url = new URL(inSiteRedirectTarget(returnTo, "/documents"), "http://portal.invalid");
  const params = url.pathname === "/documents" ? url.searchParams : new URLSearchParams();
  for (const name of TRANSIENT_LIST_PARAMS) params.delete(name);
  params.set("done", outcome);
  return `/documents?${params}`;
}
