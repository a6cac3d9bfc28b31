import type { DirectoryContext } from "./contexts";

/*
 * The directory's addresses, apart from its route entries (routes.ts) so that the rules the
 * browser runs read them without the guard table's feature names.
 */
export const MANAGE_DIRECTORY_PATH = "/admin/manage-directory";
export const DIRECTORY_REVIEW_PATH = "/directory-review";

/** The manage-directory screen of one context. */
export const toManageDirectory = (context: DirectoryContext) => `${MANAGE_DIRECTORY_PATH}/${context}`;
