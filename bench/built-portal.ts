/**
 * Starts the built portal in this process for bench/offline-launcher.ts: a free loopback port (BENCH_PORT
 * overrides), a fresh PGlite folder in the temp directory, the demo data, logging off.
 * `close()` stops the server and removes the folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export async function freePort(): Promise<number> {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no free port found"))));
    });
  });
}

export async function startBuiltPortal(): Promise<{ origin: string; close(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-bench-"));
  // The app reads its configuration from process.env too (getConfig(), the logger), so the
  // benchmark's settings go there before anything of the app is imported.
  Object.assign(process.env, {
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "silent",
    APP_ENV: "test",
  });
  delete process.env.PUBLIC_URL;
  const { parseConfig } = await import("../app/config.server");
  const { loadBuild } = await import("../tests/built/portal");
  try {
    const build = await loadBuild();
    const running = await build.entry.module.startServer(parseConfig({ ...process.env }), {
      build: { serverBuild: build },
    });
    return {
      origin: `http://localhost:${port}`,
      async close() {
        await running.close().catch((error: unknown) => console.error(`closing the server failed: ${String(error)}`));
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
