import type { documents } from "~/db/schema";

type DocumentRow = typeof documents.$inferSelect;

/** A stored document as its "edit details" form starts (`documentDetailsSchema`'s fields), with its id and edit stamp. */
export function documentFormValues(row: DocumentRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    subject: row.subject,
    brandIds: row.brandIds.map(String),
    regionCodes: row.regionCodes,
    updatedAt: row.updatedAt.toISOString(),
  };
}
