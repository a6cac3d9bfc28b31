import path from "node:path";
import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/service/**/*.test.ts"],
    environment: "node",
    // What the server build assembles when it loads (the access profile's parts).
    setupFiles: ["./app/assembly/portal.server.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { DATA_DIR: path.join(os.tmpdir(), "dealer-portal-vitest"), LOG_LEVEL: "silent" },
  },
});
