import type { applications } from "~/db/schema";

type ApplicationRow = typeof applications.$inferSelect;

/** The edit stamp an editor posts back: the record's updatedAt to the millisecond. */
export function editStamp(row: Pick<ApplicationRow, "updatedAt">): string {
  return row.updatedAt.toISOString();
}

/** A stored application as its editor's form starts (`applicationSchema`'s fields), with its id and edit stamp. */
export function applicationFormValues(row: ApplicationRow) {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    link: row.link,
    regionCode: row.regionCode,
    brandId: String(row.brandId),
    categories: row.categories,
    contractCodes: row.contractCodes,
    contractTypes: row.contractTypes,
    organizationTypes: row.organizationTypes,
    primaryTasks: row.primaryTasks,
    typicalUsers: row.typicalUsers,
    webRoles: row.webRoles,
    customRules: row.customRules ? JSON.stringify(row.customRules) : "",
    requiresAssignment: row.requiresAssignment ? "on" : undefined,
    translations: row.translations,
    updatedAt: editStamp(row),
  };
}
