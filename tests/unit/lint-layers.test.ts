import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- the ESLint configuration is plain JavaScript without types
import { layerConfig } from "../../eslint.layers.js";

/*
 * The layers of docs/architecture.md are held by ESLint. A fixture tree breaks each rule on
 * purpose; linting it with the project's layer configuration must report each break, and nothing
 * on the file that keeps them.
 */
const root = path.resolve(__dirname, "../fixtures/lint-layers");

async function problemsOf(file: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [{ files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser } }, ...layerConfig(root)],
  });
  const [result] = await eslint.lintFiles([path.join(root, file)]);
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe("the layers are held by the linter", () => {
  it("the foundation imports nothing above it", async () => {
    expect(await problemsOf("app/ui/Kit.tsx")).toEqual([
      expect.stringMatching(/no-restricted-paths: .*The foundation layer imports nothing above it/),
    ]);
  });

  it("the core names no feature: it imports no domain", async () => {
    expect(await problemsOf("app/permissions/profile.ts")).toEqual([
      expect.stringMatching(/no-restricted-paths: .*The core layer imports nothing above it/),
    ]);
  });

  it("a domain imports no route", async () => {
    expect(await problemsOf("app/users/links.ts")).toEqual([
      expect.stringMatching(/no-restricted-paths: .*The domains layer imports nothing above it/),
    ]);
  });

  it("a domain takes the acting user as an Actor: it imports nothing of auth/", async () => {
    expect(await problemsOf("app/users/reads-session.ts")).toEqual([
      expect.stringMatching(/no-restricted-paths: .*never from auth\//),
    ]);
  });

  it("a domain answers no request: it imports nothing of @remix-run/node", async () => {
    expect(await problemsOf("app/users/answers-request.ts")).toEqual([
      expect.stringMatching(/no-restricted-imports: .*A domain answers no request/),
    ]);
  });

  it("no import circle", async () => {
    expect(await problemsOf("app/users/draft.ts")).toEqual([expect.stringMatching(/no-cycle: Dependency cycle/)]);
    expect(await problemsOf("app/users/tabs.ts")).toEqual([expect.stringMatching(/no-cycle: Dependency cycle/)]);
  });

  it("imports downward are allowed", async () => {
    expect(await problemsOf("app/users/rules.ts")).toEqual([]);
  });
});
