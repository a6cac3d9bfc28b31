/**
 * Issue #35 §2: every API answer the built portal gives in a suite is held against the OpenAPI
 * document (API_CONTRACT_CHECK, set by startPortal); a test whose requests got an answer off the
 * document fails with what it broke.
 */
import path from "node:path";
import { afterEach } from "vitest";

let reported = 0;

afterEach(async () => {
  const build = (await import(path.resolve("build/server/index.js"))) as {
    entry: { module: { apiContractViolations?: () => readonly string[] } };
  };
  const violations = build.entry.module.apiContractViolations?.() ?? [];
  const fresh = violations.slice(reported);
  reported = violations.length;
  if (fresh.length > 0) throw new Error(`API answers off the OpenAPI document:\n${fresh.join("\n")}`);
});
