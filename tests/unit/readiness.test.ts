import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "~/logger.server";
import { readinessOf, type ReadinessFacts } from "~/server-context/readiness";
import { REQUEST_ID_KEY, requestIdFor } from "~/server-context/request-id";
import { requestScope } from "~/server-context/request-scope.server";

const serving: ReadinessFacts = {
  phase: "ready",
  databaseAnswers: true,
  pendingMigrations: 0,
  jobs: "started",
  oldestWaitingMailMinutes: null,
};

describe("issue #32 §3: readinessOf decides whether an instance should get requests", () => {
  it("is ready when serving with a database that answers, every migration, its jobs and mail moving", () => {
    expect(readinessOf(serving, 30)).toEqual({ ready: true });
    expect(readinessOf({ ...serving, jobs: "elsewhere", oldestWaitingMailMinutes: 30 }, 30)).toEqual({ ready: true });
  });

  it("is not ready while starting or stopping, whatever else it knows", () => {
    expect(readinessOf({ ...serving, phase: "starting" }, 30)).toEqual({ ready: false, reason: "starting" });
    expect(readinessOf({ ...serving, phase: "stopping" }, 30)).toEqual({ ready: false, reason: "shutting down" });
  });

  it("is not ready when the database does not answer, lacks a migration, or the job runner failed", () => {
    expect(readinessOf({ ...serving, databaseAnswers: false }, 30)).toEqual({
      ready: false,
      reason: "the database does not answer",
    });
    expect(readinessOf({ ...serving, pendingMigrations: 2 }, 30)).toEqual({
      ready: false,
      reason: "2 database migration(s) not applied",
    });
    expect(readinessOf({ ...serving, jobs: "failed" }, 30)).toEqual({
      ready: false,
      reason: "the job runner did not start",
    });
  });

  it("is not ready when an e-mail has waited longer than the outbox may (the outbox is stuck)", () => {
    expect(readinessOf({ ...serving, oldestWaitingMailMinutes: 31 }, 30)).toEqual({
      ready: false,
      reason: "e-mail has waited 31 minutes to be delivered",
    });
  });
});

describe("issue #32 §5: requestIdFor takes a trusted proxy's id, or makes one", () => {
  it("makes a new 16-hex id when no trusted proxy sent one", () => {
    expect(requestIdFor(undefined, true)).toMatch(/^[0-9a-f]{16}$/);
    expect(requestIdFor("abc-123-def-456", false)).toMatch(/^[0-9a-f]{16}$/);
    expect(requestIdFor(undefined, false)).not.toBe(requestIdFor(undefined, false));
  });

  it("keeps a trusted proxy's id when it is safe in a header and a log line, and replaces one that is not", () => {
    expect(requestIdFor("lb-7f3a9c2e-0001", true)).toBe("lb-7f3a9c2e-0001");
    expect(requestIdFor("two words here", true)).toMatch(/^[0-9a-f]{16}$/);
    expect(requestIdFor("x".repeat(200), true)).toMatch(/^[0-9a-f]{16}$/);
    expect(requestIdFor("short", true)).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("issue #32 §5: every log line written while a request is answered carries its id", () => {
  it("adds reqId inside a request's scope and nothing outside one", () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const log = createLogger("info", sink);
    requestScope.run(new Map([[REQUEST_ID_KEY, "0123456789abcdef"]]), () => log.info({ path: "/" }, "request"));
    log.info("outside");
    expect(lines[0]).toMatchObject({ reqId: "0123456789abcdef", path: "/", msg: "request" });
    expect(lines[1]).not.toHaveProperty("reqId");
  });
});
