import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

/*
 * The route configuration (Remix's v3_routeConfig, the path to React Router 7). For now it is the
 * file-system convention of app/routes/; the domains' own route lists replace it (issue #31 §5).
 */
export default flatRoutes({ ignoredRouteFiles: ["**/*.css", "**/*.test.*"] }) satisfies RouteConfig;
