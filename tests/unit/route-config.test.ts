import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import type { RouteModule } from "~/permissions/route-rules";

const APP = path.resolve(__dirname, "../../app");

function modules(list: RouteModule[], parent = ""): { fullPath: string; file: string }[] {
  return list.flatMap((entry) => {
    const fullPath = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ fullPath, file: entry.file }, ...modules(entry.children ?? [], fullPath)];
  });
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * A file under app/routes/ is a route module unless a route folder (one with route.tsx) holds it as
 * a private part, or it is server code (a route module is never a .server file).
 */
function isRouteModule(file: string): boolean {
  if (!/\.tsx?$/.test(file) || /\.(test|server)\./.test(file)) return false;
  if (path.basename(file) === "route.tsx") return true;
  return !fs.existsSync(path.join(path.dirname(file), "route.tsx"));
}

describe("route config composed from the domains' route modules (issue #31 §5)", () => {
  const listed = modules(routeConfig as RouteModule[]);

  it("names files that exist, each once", () => {
    const missing = listed.filter((m) => !fs.existsSync(path.join(APP, m.file)));
    expect(missing).toEqual([]);
    const files = listed.map((m) => m.file);
    expect(new Set(files).size).toBe(files.length);
  });

  it("lists every route module under app/routes, so no file is a route by its name alone", () => {
    const onDisk = filesUnder(path.join(APP, "routes"))
      .filter(isRouteModule)
      .map((file) => path.relative(APP, file));
    const files = new Set(listed.map((m) => m.file));
    expect(onDisk.filter((file) => !files.has(file))).toEqual([]);
  });

  it("places each route file in folders that mirror its URL", () => {
    // The file's folders are its URL's segments ($param for :param), optional tails left out.
    const mirrors = (m: { fullPath: string; file: string }) => {
      const folders = path
        .dirname(m.file.replace(/\/route\.tsx$/, "/x.tsx"))
        .split("/")
        .slice(1);
      const segments = m.fullPath.split("/").map((segment) => segment.replace(/^:/, "$"));
      return folders.every((folder, i) => segments[i] === folder);
    };
    expect(listed.filter((m) => !mirrors(m))).toEqual([]);
  });
});
