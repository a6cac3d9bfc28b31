import { hrefWith, type LinkQuery } from "~/ui/href";
import { F } from "~/permissions/features";
import { adminMenuLink, type RouteAccess } from "~/permissions/route-rules";
import { SIGNED_IN, type FeatureRule } from "~/security/feature-rule";

const announcements: FeatureRule = { any: [F.announcementsWrite, F.announcementsRead] };
/** Issue #40 §3: the maker's network managers (counts) and dealers' administrators (their locations, with names). */
const receipts: FeatureRule = { any: [F.networkRead, F.usersWrite] };

export const announcementRoutes = {
  announcements: { pattern: "/admin", rule: announcements, nav: adminMenuLink("adminLinks.announcements", "/admin") },
  /** Each list's CSV export: the list's rule. */
  announcementsExport: { pattern: "/admin.csv", rule: announcements },
  announcementEditor: { pattern: "/admin/announcement/:id?/:mode?", rule: announcements, rescuesForms: true },
  /** The announcements that must be acknowledged, and one's receipt report per dealer and location. */
  acknowledgements: {
    pattern: "/admin/acknowledgements/:id?",
    rule: receipts,
    // In the Admin menu (a report, not a launcher tile); the maker's managers reach it from the dashboard.
    nav: [{ labelKey: "adminLinks.acknowledgements", to: "/admin/acknowledgements", menus: ["admin"] }],
  },
  acknowledgementsExport: { pattern: "/admin/acknowledgements/:id/receipts.csv", rule: receipts },
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

/** The announcements that must be acknowledged, or one's receipt report (with `location`: who, there). */
export const toAcknowledgements = (id?: number, query?: LinkQuery) =>
  hrefWith(id === undefined ? "/admin/acknowledgements" : `/admin/acknowledgements/${id}`, query);

/** The receipt report's CSV (with `location`: who, there). */
export const toAcknowledgementsCsv = (id: number, query?: LinkQuery) =>
  hrefWith(`/admin/acknowledgements/${id}/receipts.csv`, query);
