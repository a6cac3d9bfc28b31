/**
 * Serves the built floor app (bench/floor/build/) with Express and compression, as the portal
 * serves itself but without its other middleware. Started by bench/home-throughput.ts in a child
 * process with NODE_ENV=production and PORT; loopback only.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";

const buildDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "build");
const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a port number (got "${process.env.PORT ?? ""}")`);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const server = app.listen(port, "127.0.0.1", () => console.log(`floor app at http://localhost:${port}`));
const stop = () => server.close(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
