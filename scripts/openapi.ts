/**
 * Writes the API's OpenAPI document (issue #35) to the file given, for `npm run lint:api` (Redocly)
 * and for anyone who wants it without a running portal: `npm run openapi -- openapi.json`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { portalOpenApiDocument } from "~/assembly/api-operations";

const target = process.argv[2];
if (!target) {
  console.error("usage: tsx scripts/openapi.ts <file>");
  process.exit(2);
}
mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
writeFileSync(target, `${JSON.stringify(portalOpenApiDocument(), null, 2)}\n`);
