import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(__dirname, "../../app");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The folder of app/ a file belongs to (a file directly in app/ is a folder of its own). */
const folderOf = (file: string) => path.relative(APP, file).split(path.sep)[0];

/** Which folders of app/ each folder imports from (type imports too: they tie the folders as much). */
export function folderImports(files: readonly string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const source = fs.readFileSync(file, "utf8");
    for (const match of source.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      const spec = match[1];
      if (!spec.startsWith(".") && !spec.startsWith("~/")) continue;
      const target = spec.startsWith("~/") ? path.join(APP, spec.slice(2)) : path.resolve(path.dirname(file), spec);
      if (!target.startsWith(APP + path.sep)) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from !== to) (graph.get(from) ?? graph.set(from, new Set()).get(from)!).add(to);
    }
  }
  return graph;
}

/** The folders that reach themselves again through the imports: each loop once, as a path. */
export function folderLoops(graph: Map<string, Set<string>>): string[][] {
  const loops: string[][] = [];
  const done = new Set<string>();
  const visit = (folder: string, trail: string[]) => {
    const at = trail.indexOf(folder);
    if (at >= 0) return void loops.push([...trail.slice(at), folder]);
    if (done.has(folder)) return;
    for (const next of graph.get(folder) ?? []) visit(next, [...trail, folder]);
    done.add(folder);
  };
  for (const folder of graph.keys()) visit(folder, []);
  return loops;
}

describe("the folders of app/ import one way (issue #31: no import runs back up)", () => {
  it("finds a loop between two folders that import each other, and none in a chain", () => {
    const loop = new Map([
      ["ui", new Set(["forms"])],
      ["forms", new Set(["ui"])],
    ]);
    expect(folderLoops(loop)).toEqual([["ui", "forms", "ui"]]);
    const chain = new Map([
      ["routes", new Set(["users", "ui"])],
      ["users", new Set(["ui"])],
    ]);
    expect(folderLoops(chain)).toEqual([]);
  });

  it("has no folder that reaches itself again, so every folder stands above all it imports", () => {
    expect(folderLoops(folderImports(sourceFiles(APP)))).toEqual([]);
  });
});
