// The layers of app/ (docs/architecture.md), from the ground up. An import may point down or
// sideways within its layer, never up, and never in a circle: `layerConfig` turns them into
// import-x rules, so a new back-arrow fails `npm run lint` (tests/unit/lint-layers.test.ts).
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import path from "node:path";

/** Folders and files of each layer, relative to app/. */
export const LAYERS = {
  foundation: [
    "ui",
    "translate",
    "lists",
    "forms",
    "db",
    "validation",
    "security",
    "storage",
    "server-context",
    "http",
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
    "security-review",
    "directory",
    "integrations",
    "imports",
    "api-clients",
    "scim",
    "network",
  ],
  // The top: routes, the root route's composition, the assembly of the features' parts and the
  // process that serves them (server/: Express, the cluster, the operators' commands).
  routes: [
    "routes",
    "routes.ts",
    "root",
    "assembly",
    "root.tsx",
    "entry.server.tsx",
    "entry.client.tsx",
    "sw.ts",
    "seed",
    "server",
  ],
};

const ORDER = ["foundation", "core", "domains", "routes"];
const paths = (layer) => LAYERS[layer].map((part) => `./app/${part}`);

/** One zone per layer: nothing above it may be imported from it. */
const upward = ORDER.slice(0, -1).map((layer, index) => ({
  target: paths(layer),
  from: ORDER.slice(index + 1).flatMap(paths),
  message: `The ${layer} layer imports nothing above it (docs/architecture.md).`,
}));

/** A domain receives the acting user as a plain Actor: it reads no session and no request through auth/. */
const noSession = {
  target: paths("domains"),
  from: ["./app/auth"],
  message: "A domain takes the acting user as an Actor, never from auth/ (docs/architecture.md).",
};

const layerZones = [...upward, noSession];

/** The flat-config entries holding the layers for the app/ folder under `basePath`. */
export function layerConfig(basePath) {
  return [
    {
      files: ["app/**/*.{ts,tsx}"],
      plugins: { "import-x": importX },
      settings: {
        ...importX.flatConfigs.typescript.settings,
        "import-x/resolver-next": [
          createTypeScriptImportResolver({ project: path.join(import.meta.dirname, "tsconfig.json") }),
        ],
      },
      rules: {
        "import-x/no-restricted-paths": ["error", { zones: layerZones, basePath }],
        "import-x/no-cycle": ["error", { ignoreExternal: true }],
      },
    },
    {
      // A domain answers no request: reading a request and answering it is its route's part.
      files: LAYERS.domains.map((domain) => `app/${domain}/**/*.{ts,tsx}`),
      rules: {
        "no-restricted-imports": [
          "error",
          { paths: [{ name: "@remix-run/node", message: "A domain answers no request: its route does." }] },
        ],
      },
    },
  ];
}
