import type { RouteConfig } from "@remix-run/route-config";
import { accountRouteModules } from "./account/route-modules";
import { accountMigrationRouteModules } from "./account-migration/route-modules";
import { apiRouteModules } from "./api/route-modules";
import { announcementsRouteModules } from "./announcements/route-modules";
import { applicationsRouteModules } from "./applications/route-modules";
import { auditRouteModules } from "./audit/route-modules";
import { authRouteModules } from "./auth/route-modules";
import { directoryRouteModules } from "./directory/route-modules";
import { documentsRouteModules } from "./documents/route-modules";
import { i18nRouteModules } from "./i18n/route-modules";
import { importsRouteModules } from "./imports/route-modules";
import { integrationsRouteModules } from "./integrations/route-modules";
import { networkRouteModules } from "./network/route-modules";
import { permissionSetsRouteModules } from "./permission-sets/route-modules";
import { apiClientsRouteModules } from "./api-clients/route-modules";
import { scimRouteModules } from "./scim/route-modules";
import { preferencesRouteModules } from "./preferences/route-modules";
import { pwaRouteModules } from "./pwa/route-modules";
import { securityReviewRouteModules } from "./security-review/route-modules";
import { securityRolesRouteModules } from "./security-roles/route-modules";
import { shellRouteModules } from "./shell/route-modules";
import { supportRouteModules } from "./support/route-modules";
import { usersRouteModules } from "./users/route-modules";

/*
 * The route configuration (Remix's v3_routeConfig, the path to React Router 7): the route modules
 * each domain declares beside its guard entries and links, in files under app/routes/ that mirror
 * the URL (admin/users/…, api/v2/…). A URL no module serves falls to the shell's splat route.
 */
export default [
  ...shellRouteModules,
  ...apiRouteModules,
  ...authRouteModules,
  ...pwaRouteModules,
  ...i18nRouteModules,
  ...preferencesRouteModules,
  ...announcementsRouteModules,
  ...applicationsRouteModules,
  ...accountRouteModules,
  ...accountMigrationRouteModules,
  ...auditRouteModules,
  ...directoryRouteModules,
  ...documentsRouteModules,
  ...importsRouteModules,
  ...integrationsRouteModules,
  ...networkRouteModules,
  ...permissionSetsRouteModules,
  ...apiClientsRouteModules,
  ...scimRouteModules,
  ...securityRolesRouteModules,
  ...securityReviewRouteModules,
  ...supportRouteModules,
  ...usersRouteModules,
] satisfies RouteConfig;
