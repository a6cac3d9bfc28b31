import type { announcements } from "~/db/schema";

type AnnouncementRow = typeof announcements.$inferSelect;

/** An announcement as the API answers it (and the editor shows it): dates as days, the stamp for a later save. */
export function announcementRecord(row: AnnouncementRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    content: row.content,
    language: row.language,
    displayLocationCode: row.displayLocationCode,
    priority: row.priority,
    linkUrl: row.linkUrl,
    startDate: row.startDate.toISOString().slice(0, 10),
    expirationDate: row.expirationDate.toISOString().slice(0, 10),
    roles: row.roles,
    brandIds: row.brandIds,
    regionCodes: row.regionCodes,
    requiresAcknowledgement: row.requiresAcknowledgement,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored announcement as its editor's form starts (`announcementSchema`'s fields: brands as the checkboxes' values). */
export function announcementFormValues(row: AnnouncementRow) {
  return {
    ...announcementRecord(row),
    brandIds: row.brandIds.map(String),
    requiresAcknowledgement: row.requiresAcknowledgement ? "on" : undefined,
  };
}
