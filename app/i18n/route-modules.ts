import type { RouteModule } from "../permissions/route-rules";

/**
 * The i18n route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const i18nRouteModules: RouteModule[] = [
  { path: "locales/:file", file: "routes/locales/$file.tsx" },
  { path: "public/translations/:brand/:locale", file: "routes/public/translations/$brand/$locale.tsx" },
  { path: "public/translation-failure", file: "routes/public/translation-failure.tsx" },
];
