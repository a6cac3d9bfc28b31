import { z } from "zod";

/** Home's announcement action: mark read (opening is a link, see routes/announcements/$id/open.tsx). */
export const announcementReadSchema = z.object({
  intent: z.literal("markRead"),
  announcementId: z.coerce.number().int().positive(),
  view: z.enum(["unread", "read"]).optional(),
});
