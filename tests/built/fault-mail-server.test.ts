/**
 * Issue #37 §3: the mail server is down while users are created. Their verification messages wait
 * in the outbox (however many times delivery is tried meanwhile) and are sent once, each, when the
 * server is back — by the mail-retry schedule, without anyone's help.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_URL, postgresReachable } from "../service/backends";
import { scimConnection, type ScimConnection } from "../service/scim-connection";
import { mailsTo, startMailSink, type MailSink } from "../support/mail-sink";
import { postgresPortal, type PostgresPortal } from "./processes";

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: CI needs it`);

const USERS = 5;

describe.skipIf(!reachable)("issue #37 §3: the mail server down while users are created", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-mail-fault-"));
  let sink: MailSink;
  let portal: PostgresPortal;
  let scim: ScimConnection;

  beforeAll(async () => {
    sink = await startMailSink(folder);
    portal = await postgresPortal(`portal_fault_mail_${process.pid}`, { LOG_LEVEL: "warn", SMTP_URL: sink.url });
    scim = await scimConnection(portal.database.db, "Mail fault");
  });

  afterAll(async () => {
    await sink?.close();
    await portal?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const waiting = async () => {
    const result = (await portal.database.db.execute(
      sql`select to_address as "to", attempts, last_error as "lastError", sent_at is not null as "sent"
          from email_outbox where to_address like 'mailfault.%@example.com' order by id`,
    )) as unknown as { rows: { to: string; attempts: number; lastError: string | null; sent: boolean }[] };
    return result.rows;
  };

  it("mails wait in the outbox while it is down and are sent once each when it returns", async () => {
    const port = Number(new URL(sink.url).port);
    await sink.close();
    const created: string[] = [];
    for (let n = 0; n < USERS; n++) {
      const userName = `mailfault.${n}@example.com`;
      const response = await fetch(`${portal.origin}/scim/v2/Users`, {
        method: "POST",
        headers: { Authorization: `Bearer ${scim.token}`, "Content-Type": "application/scim+json" },
        body: JSON.stringify({
          schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
          userName,
          name: { givenName: "Mail", familyName: `Fault ${n}` },
          emails: [{ value: userName, primary: true }],
        }),
      });
      // The user is created whatever the mail server does.
      expect(response.status).toBe(201);
      created.push(userName);
    }
    // Each delivery was tried at once (after its commit) and failed: the rows wait, no attempt used up.
    let rows = await waiting();
    const deadline = Date.now() + 30_000;
    while (rows.some((row) => !row.lastError) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await waiting();
    }
    expect(rows.map((row) => row.to)).toEqual(created);
    for (const row of rows) expect(row).toMatchObject({ sent: false, attempts: 0 });
    expect(rows.every((row) => row.lastError)).toBe(true);

    sink = await startMailSink(folder, port);
    // The mail-retry schedule (every minute, plus the runner's cron pass and poll) sends them.
    const back = Date.now();
    while (Date.now() - back < 120_000 && (await waiting()).some((row) => !row.sent))
      await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await waiting()).every((row) => row.sent)).toBe(true);
    for (const userName of created) expect(mailsTo(folder, userName), userName).toHaveLength(1);
  }, 200_000);
});
