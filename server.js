// The portal's process: `node server.js [command]`. Production runs the build (`npm run build`
// first): this file imports build/server/index.js and hands over to its entry's runPortal, so the
// server and the routes are one module graph in plain JavaScript. `node server.js dev` runs the
// sources through Vite's dev server instead, with hot reload.
import { existsSync } from "node:fs";

// package.json's engines: the runtime the portal is tested on (the project brings it as the npm
// package `node`, which npm scripts run under; ADR 32).
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.warn(`Node ${process.versions.node} is not supported: run the portal on Node 22.12 or later (24 LTS)`);
}

const argv = process.argv.slice(2);

if (argv[0] === "dev") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const load = () => vite.ssrLoadModule("virtual:remix/server-build");
  const build = await load();
  await build.entry.module.runPortal(argv.slice(1), { serverBuild: load, assets: vite.middlewares });
} else {
  // React and Remix in their production mode unless told otherwise (set before they load).
  process.env.NODE_ENV ??= "production";
  const buildFile = new URL("./build/server/index.js", import.meta.url);
  if (!existsSync(buildFile)) {
    console.error("The portal is not built: run `npm run build` first");
    process.exit(1);
  }
  const build = await import(buildFile.href);
  await build.entry.module.runPortal(argv, { serverBuild: build });
}
