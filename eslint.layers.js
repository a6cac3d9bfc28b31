// The layers of app/ (docs/architecture.md), from the ground up. An import may point down or
// sideways within its layer, never up: eslint.config.js turns these into
// import-x/no-restricted-paths zones, so a new back-arrow fails `npm run lint`.

/** Folders and files of each layer, relative to app/. */
export const LAYERS = {
  foundation: [
    "ui",
    "lists",
    "forms",
    "db",
    "validation",
    "security",
    "storage",
    "server-context",
    "config.server.ts",
    "logger.server.ts",
    "limits.ts",
  ],
  core: [
    "i18n",
    "theme",
    "mail",
    "pwa",
    "api",
    "navigation",
    "permissions",
    "auth",
    "shell",
    "required-actions",
    "jobs",
    // The audit trail is written by sign-in too, in the caller's transaction; it names no domain.
    "audit",
  ],
  domains: [
    "announcements",
    "applications",
    "documents",
    "preferences",
    "support",
    "security-roles",
    "permission-sets",
    "users",
    "account",
    "account-migration",
    "attestation",
    "directory",
    "integrations",
    "imports",
  ],
  routes: ["routes", "root", "root.tsx", "entry.server.tsx", "entry.client.tsx", "sw.ts", "seed"],
};

const ORDER = ["foundation", "core", "domains", "routes"];
const paths = (layer) => LAYERS[layer].map((part) => `./app/${part}`);

/** One zone per layer: nothing above it may be imported from it. */
export const layerZones = ORDER.slice(0, -1).map((layer, index) => ({
  target: paths(layer),
  from: ORDER.slice(index + 1).flatMap(paths),
  message: `The ${layer} layer imports nothing above it (docs/architecture.md).`,
}));
