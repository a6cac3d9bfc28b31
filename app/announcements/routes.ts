import { hrefWith, type LinkQuery } from "~/ui/href";
import { F } from "~/permissions/features";
import { adminMenuLink, type RouteAccess } from "~/permissions/route-rules";
import { SIGNED_IN, type FeatureRule } from "~/security/feature-rule";

const announcements: FeatureRule = { any: [F.announcementsWrite, F.announcementsRead] };

export const announcementRoutes = {
  announcements: { pattern: "/admin", rule: announcements, nav: adminMenuLink("adminLinks.announcements", "/admin") },
  /** Each list's CSV export: the list's rule. */
  announcementsExport: { pattern: "/admin.csv", rule: announcements },
  announcementEditor: { pattern: "/admin/announcement/:id?/:mode?", rule: announcements, rescuesForms: true },
  /** Opening an announcement (marks it read, then its link): sign-in only. */
  announcementOpen: { pattern: "/announcements/:id/open", rule: SIGNED_IN },
} as const satisfies Record<string, RouteAccess>;

/** The announcements list (the admin home), with its query. */
export const toAnnouncements = (query?: LinkQuery) => hrefWith("/admin", query);

/** One announcement's editor (a new one without an id), in edit or view mode. */
export const toAnnouncement = (to: { id?: number; mode?: "edit" | "view" } = {}, query?: LinkQuery) =>
  hrefWith(to.id === undefined ? "/admin/announcement" : `/admin/announcement/${to.id}/${to.mode ?? "edit"}`, query);

/** The list and an announcement's editor (in edit mode), as the editor's action goes to them. */
export const announcementLinks = {
  toList: toAnnouncements,
  toRecord: (id: number, query?: LinkQuery) => toAnnouncement({ id, mode: "edit" }, query),
};
