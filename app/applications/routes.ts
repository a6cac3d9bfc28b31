import { F } from "~/permissions/features";
import { adminMenuLink, listAndRecordLinks, type RouteAccess } from "~/permissions/route-rules";
import type { FeatureRule } from "~/security/feature-rule";

const applications: FeatureRule = { any: [F.applicationsWrite, F.applicationsRead] };

export const applicationRoutes = {
  applications: {
    pattern: "/admin/applications",
    rule: applications,
    nav: adminMenuLink("adminLinks.applications", "/admin/applications"),
  },
  applicationsExport: { pattern: "/admin/applications.csv", rule: applications },
  applicationEditor: { pattern: "/admin/application/:id?", rule: applications, rescuesForms: true },
} as const satisfies Record<string, RouteAccess>;

/** The list and a record's editor, with their queries. */
export const applicationLinks = listAndRecordLinks("/admin/applications", "/admin/application");
export const { toList: toApplications, toRecord: toApplication } = applicationLinks;
