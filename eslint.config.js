// ESLint (flat config): TypeScript, the rules of hooks and accessibility of JSX.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { layerConfig } from "./eslint.layers.js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "bench/floor/build/",
      "node_modules/",
      "public/",
      "data/",
      "test-results/",
      "playwright-report/",
      "app/db/migrations/",
      // Breaks the layer rules on purpose (tests/unit/lint-layers.test.ts).
      "tests/fixtures/lint-layers/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // Option labels hold their text in nested spans (name and description).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    // Every form is the kit's: a post carries its one-time key (issue #34).
    files: ["app/**/*.tsx"],
    ignores: ["app/ui/Form.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='@remix-run/react'] ImportSpecifier[imported.name='Form']",
          message: "Use Form from ~/ui/Form: a post carries its one-time key.",
        },
      ],
    },
  },
  // The layers of docs/architecture.md: an import points down or sideways, never up, never in a circle.
  ...layerConfig(import.meta.dirname),
);
