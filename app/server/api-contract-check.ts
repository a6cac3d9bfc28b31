import { appendFileSync } from "node:fs";
import type { RequestHandler } from "express";
import { apiContractChecker } from "~/api/contract-check.server";
import { portalOpenApiDocument } from "~/assembly/api-operations";
import { logger } from "~/logger.server";

/** The violations this process has seen (the built suites read them after each test). */
const seen: string[] = [];

export function apiContractViolations(): readonly string[] {
  return seen;
}

/**
 * Holds every /api/v2 answer against the OpenAPI document while the test suites run (issue #35
 * §2): the answer's bytes are copied on their way out, unchanged, and checked when it is sent.
 * The header `X-Test-Id` (the end-to-end suite sets it) names the test in the record.
 */
export function checkApiContract(violationsFile: string | undefined): RequestHandler {
  const check = apiContractChecker(portalOpenApiDocument());
  return (req, res, next) => {
    if (!req.path.startsWith("/api/v2/")) return next();
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
            : Buffer.from(chunk as Uint8Array),
      );
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.on("finish", () => {
      let problem: string | null;
      try {
        problem = check({
          method: req.method,
          path: req.path,
          status: res.statusCode,
          contentType: res.getHeader("content-type")?.toString(),
          contentEncoding: res.getHeader("content-encoding")?.toString(),
          body: Buffer.concat(chunks),
        });
      } catch (error) {
        problem = `${req.method} ${req.path}: the check failed (${error instanceof Error ? error.message : String(error)})`;
      }
      if (!problem) return;
      const test = req.get("x-test-id");
      const record = test ? `[${test}] ${problem}` : problem;
      seen.push(record);
      logger.error({ violation: problem }, "API contract violation");
      if (violationsFile) appendFileSync(violationsFile, `${JSON.stringify({ test: test ?? null, problem })}\n`);
    });
    next();
  };
}
