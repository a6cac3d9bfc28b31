/**
 * Issue #35 §2: after the end-to-end run, no API answer any test caused may have been off the
 * OpenAPI document (the e2e server records them, tests/e2e/serve.ts via API_CONTRACT_CHECK).
 */
import { existsSync, readFileSync } from "node:fs";
import { E2E_CONTRACT_VIOLATIONS } from "../../playwright.config";

export default function contractTeardown() {
  if (!existsSync(E2E_CONTRACT_VIOLATIONS)) return;
  const violations = readFileSync(E2E_CONTRACT_VIOLATIONS, "utf8").trim();
  if (violations) throw new Error(`API answers off the OpenAPI document during the end-to-end run:\n${violations}`);
}
