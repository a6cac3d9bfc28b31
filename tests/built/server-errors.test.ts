/**
 * A server error (issue #11 §4): the page keeps the shell of the signed-in user, shows no stack
 * trace, and shows a reference that is also in the log line.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PortalClient, loadBuild, startPortal, type Portal } from "./portal";

let portal: Portal;
const errorLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  // The build's logger: the server and its routes log through this one object.
  const { logger } = (await loadBuild()).entry.module;
  const error = logger.error.bind(logger);
  logger.error = ((first: unknown, ...rest: unknown[]) => {
    if (first && typeof first === "object") errorLines.push(first as Record<string, unknown>);
    return (error as (...args: unknown[]) => void)(first, ...rest);
  }) as typeof logger.error;
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

describe("issue #11 §4: a 500 keeps the shell and shows a reference that is in the log line", () => {
  it("the announcements list failing in the database", async () => {
    const admin = new PortalClient(portal.origin, portal.db);
    await admin.signIn();
    await portal.db.execute(sql`alter table announcements rename to announcements_away`);
    try {
      const response = await admin.send("/admin");
      expect(response.status).toBe(500);
      const html = await response.text();
      const reference = html.match(/<code id="error-reference">([0-9a-f]{16})<\/code>/)?.[1];
      expect(reference).toBeDefined();
      // Issue #32 §5: the reference is the request's id, which its answer carries too.
      expect(response.headers.get("x-request-id")).toBe(reference);
      expect(errorLines.some((line) => line.reference === reference && line.path === "/admin")).toBe(true);
      // The shell of the known user: the Admin menu and the footer; no internals.
      expect(html).toContain('data-testid="admin-menu"');
      expect(html).toContain("<footer");
      expect(html).toContain("Something went wrong");
      expect(html).not.toMatch(/announcements_away|relation|\bat [\w.]+ \(/);
    } finally {
      await portal.db.execute(sql`alter table announcements_away rename to announcements`);
    }
  });
});
