/** The two directories (SPEC §4): primary contacts per business area, and singular permissions. */
export const DIRECTORY_CONTEXTS = ["DEALER_LOCATION", "SINGULAR_ROLES"] as const;
export type DirectoryContext = (typeof DIRECTORY_CONTEXTS)[number];
