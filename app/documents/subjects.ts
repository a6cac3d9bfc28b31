/**
 * The library's subjects (SPEC §2), for the browser: the same list as the `documents.subject`
 * column's DOCUMENT_SUBJECTS (a unit test keeps them equal), without importing the database
 * schema into the client bundle. Stored values stay English; labels are translated.
 */
export const SUBJECTS = ["General", "IRW", "Marketing", "Parts", "Sales", "Service", "Warranty"] as const;

export type Subject = (typeof SUBJECTS)[number];
