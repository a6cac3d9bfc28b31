import { z } from "zod";

/**
 * Home's announcement action: mark read, or acknowledge one that asks for it (opening is a link,
 * see routes/announcements/$id/open.tsx).
 */
export const announcementReadSchema = z.object({
  intent: z.enum(["markRead", "acknowledge"]),
  announcementId: z.coerce.number().int().positive(),
  view: z.enum(["unread", "read"]).optional(),
});
