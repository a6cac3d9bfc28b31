import { F } from "~/permissions/features";
import { adminMenuLink, listAndRecordLinks, type RouteAccess } from "~/permissions/route-rules";
import type { FeatureRule } from "~/security/feature-rule";

const permissionSets: FeatureRule = { any: [F.permissionSetsWrite, F.permissionSetsRead] };

export const permissionSetRoutes = {
  permissionSets: {
    pattern: "/admin/permission-sets",
    rule: permissionSets,
    nav: adminMenuLink("adminLinks.permissionSets", "/admin/permission-sets"),
  },
  permissionSetsExport: { pattern: "/admin/permission-sets.csv", rule: permissionSets },
  permissionSetEditor: { pattern: "/admin/permission-set/:id?", rule: permissionSets, rescuesForms: true },
} as const satisfies Record<string, RouteAccess>;

/** The list and a record's editor, with their queries. */
export const permissionSetLinks = listAndRecordLinks("/admin/permission-sets", "/admin/permission-set");
export const { toList: toPermissionSets, toRecord: toPermissionSet } = permissionSetLinks;
