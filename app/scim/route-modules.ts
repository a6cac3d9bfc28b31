import type { RouteModule } from "../permissions/route-rules";

/** The SCIM service's route modules (issue #36): discovery, Users, Groups and anything else under /scim/v2 (a SCIM 404). Types only. */
export const scimRouteModules: RouteModule[] = [
  { path: "scim/v2/ServiceProviderConfig", file: "routes/scim/v2/ServiceProviderConfig.tsx" },
  { path: "scim/v2/ResourceTypes", file: "routes/scim/v2/ResourceTypes/_index.tsx" },
  { path: "scim/v2/ResourceTypes/:id", file: "routes/scim/v2/ResourceTypes/$id.tsx" },
  { path: "scim/v2/Schemas", file: "routes/scim/v2/Schemas/_index.tsx" },
  { path: "scim/v2/Schemas/:id", file: "routes/scim/v2/Schemas/$id.tsx" },
  { path: "scim/v2/Users", file: "routes/scim/v2/Users/_index.tsx" },
  { path: "scim/v2/Users/:id", file: "routes/scim/v2/Users/$id.tsx" },
  { path: "scim/v2/Groups", file: "routes/scim/v2/Groups/_index.tsx" },
  { path: "scim/v2/Groups/:id", file: "routes/scim/v2/Groups/$id.tsx" },
  { path: "scim/v2/*", file: "routes/scim/v2/$.tsx" },
];
