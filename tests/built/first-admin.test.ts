/**
 * Issue #32 §8: `npm run admin:create` makes the first administrator of an installation whose demo
 * seed is off. The command runs as its own process on a fresh embedded database; then the portal
 * starts on it, the verification link sets the password, and the administrator signs in to the
 * Admin menu.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PortalClient, freePort, startPortal, type Portal } from "./portal";
import { runCommand } from "./processes";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-first-admin-"));
const EMAIL = "ops@maker.example";
let port: number;
let portal: Portal | undefined;

const adminCreate = (...args: string[]) =>
  runCommand(
    "admin:create",
    { DATA_DIR: dataDir, SEED_DEMO: "false", PUBLIC_URL: `http://localhost:${port}` },
    ...args,
  );

beforeAll(async () => {
  port = await freePort();
});

afterAll(async () => {
  await portal?.close();
});

describe("issue #32 §8: the first administrator of a production database", () => {
  it("refuses unusable arguments with a message that says what to give, changing nothing", () => {
    const bad = adminCreate("--email", "not-an-address", "--location", "Maker HQ");
    expect(bad.status).toBe(1);
    expect(bad.out).toContain("--email must be an e-mail address");
    const unnamed = adminCreate("--email", EMAIL, "--location", "Maker HQ");
    expect(unnamed.status).toBe(1);
    expect(unnamed.out).toContain('there is no organization named "Maker HQ" yet: add --brand');
  });

  it("creates a portal-wide administrator at the maker's organization, once", () => {
    const made = adminCreate("--email", EMAIL, "--location", "Maker HQ", "--brand", "1", "--first-name", "Olga");
    expect(made.out).toContain(`${EMAIL} is a portal-wide administrator`);
    expect(made.status).toBe(0);
    const again = adminCreate("--email", EMAIL.toUpperCase(), "--location", "Maker HQ");
    expect(again.status).toBe(1);
    expect(again.out).toContain("is already a user: nothing was changed");
  });

  it("the verification link sets the password, and the administrator signs in to the Admin menu", async () => {
    portal = await startPortal({ DATA_DIR: dataDir, SEED_DEMO: "false", PORT: String(port) });
    const { rows } = (await portal.db.execute(
      sql`select text from email_outbox where to_address = ${EMAIL} order by id desc limit 1`,
    )) as unknown as { rows: { text: string }[] };
    const link = rows[0]?.text.match(/\/verify-email\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(link).toBeDefined();

    const visitor = new PortalClient(portal.origin, portal.db);
    expect((await visitor.send(link!)).status).toBe(200);
    const set = await visitor.send(link!, {
      method: "POST",
      contentType: "application/x-www-form-urlencoded",
      body: new URLSearchParams({ password: "Fresh#Start26", confirmPassword: "Fresh#Start26" }).toString(),
    });
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toMatch(/\/verify-email\/done$/);

    const admin = new PortalClient(portal.origin, portal.db);
    await admin.signIn(EMAIL, "Fresh#Start26");
    const home = await admin.send("/admin/security-roles");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('data-testid="admin-menu"');
  });
});
