import path from "node:path";
import { defineConfig } from "vitest/config";

/** Suites against the built portal in-process (fuzz, production mode): one portal per process (its database handle is process-wide), so no parallel files. */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/built/**/*.test.ts"],
    environment: "node",
    // What the server build assembles when it loads (the access profile's parts).
    setupFiles: ["./app/assembly/portal.server.ts", "./tests/built/contract-setup.ts"],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // The logger is created when the server modules load, before the suite can set its variables.
    env: { LOG_LEVEL: "silent" },
  },
});
