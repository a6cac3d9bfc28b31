import { F } from "~/permissions/features";
import { adminMenuLink, type RouteAccess } from "~/permissions/route-rules";
import type { FeatureRule } from "~/security/feature-rule";

const bulkImport: FeatureRule = { all: [F.identityBulkImportWrite] };
/** Organizations are the portal's: their import is for a portal-wide administrator only (ADR 29). */
const organizationImport: FeatureRule = { all: [F.identityBulkImportWrite, F.portalScope] };

export const importRoutes = {
  identityBulkImport: {
    pattern: "/admin/wsr-bulk-assignments",
    rule: bulkImport,
    takesFiles: true,
    nav: adminMenuLink("adminLinks.identityBulkImport", "/admin/wsr-bulk-assignments"),
  },
  identityBulkImportRun: { pattern: "/admin/wsr-bulk-assignments/:runId", rule: bulkImport },
  identityBulkImportTemplate: { pattern: "/admin/wsr-bulk-assignments/template/:format", rule: bulkImport },
  organizationBulkImport: {
    pattern: "/admin/orgs-bulk-assignments",
    rule: organizationImport,
    takesFiles: true,
    nav: adminMenuLink("adminLinks.organizationBulkImport", "/admin/orgs-bulk-assignments"),
  },
  organizationBulkImportRun: { pattern: "/admin/orgs-bulk-assignments/:runId", rule: organizationImport },
  organizationBulkImportTemplate: {
    pattern: "/admin/orgs-bulk-assignments/template/:format",
    rule: organizationImport,
  },
} as const satisfies Record<string, RouteAccess>;
