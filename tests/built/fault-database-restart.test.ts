/**
 * Issue #37 §3: PostgreSQL stopped and started again under load. While it is away every request
 * gets the translated "temporarily unavailable" page or a 503 in the API's JSON (never a stack,
 * never a 500 without a reference), /readyz says 503; once it is back the same process serves
 * again within 5 s; a write that was answered as done is there, and none is there by half.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_URL, postgresReachable } from "../service/backends";
import { scimConnection, type ScimConnection } from "../service/scim-connection";
import { PortalClient } from "./portal";
import { postgresPortal, type PostgresPortal } from "./processes";

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: CI needs it`);
/** The machine's cluster (Debian's pg_ctlcluster): the suite may stop and start it. */
const cluster = reachable ? readdirSync("/etc/postgresql").sort().at(-1) : undefined;

function postgres(action: "stop" | "start"): void {
  const args = ["--skip-systemctl-redirect", cluster!, "main", action, ...(action === "stop" ? ["-m", "fast"] : [])];
  execFileSync("pg_ctlcluster", args, { stdio: "ignore" });
}

/** Starts the server when it is not running (the suite's last word, whatever happened). */
function postgresRunning(): void {
  const status = spawnSync("pg_ctlcluster", [cluster!, "main", "status"], { stdio: "ignore" });
  if (status.status !== 0) postgres("start");
}

const STACK_OR_INTERNALS = /\bat [\w.<>]+ \(|node_modules|ECONNREFUSED|Connection terminated|57P0\d/;

interface Answer {
  kind: "page" | "scim read" | "scim write" | "readyz";
  status: number;
  body: string;
  /** While PostgreSQL was away (stopped, not yet started again). */
  duringOutage: boolean;
  userName?: string;
}

describe.skipIf(!reachable || !cluster)("issue #37 §3: PostgreSQL restarted under load", () => {
  let portal: PostgresPortal;
  let scim: ScimConnection;

  beforeAll(async () => {
    portal = await postgresPortal(`portal_fault_pg_${process.pid}`, { LOG_LEVEL: "warn" });
    scim = await scimConnection(portal.database.db, "Restart load");
  });

  afterAll(async () => {
    if (cluster) postgresRunning();
    await portal?.close();
  });

  it("during the outage: 503 pages and JSON, /readyz 503; after it: served again within 5 s, no write lost or half-written", async () => {
    const dealer = new PortalClient(portal.origin, portal.database.db);
    await dealer.signIn("dealer@example.com");
    // The dealer reads the portal in German: the outage's page must be in German too.
    dealer.jar.store(new Response(null, { headers: { "Set-Cookie": "locale=de; Path=/" } }));
    const answers: Answer[] = [];
    let outage = false;
    let running = true;
    const bearer = { Authorization: `Bearer ${scim.token}` };
    let n = 0;
    const loop = async (kind: Answer["kind"], request: () => Promise<{ response: Response; userName?: string }>) => {
      while (running) {
        const duringOutage = outage;
        const { response, userName } = await request();
        answers.push({ kind, status: response.status, body: await response.text(), duringOutage, userName });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const loops = [
      loop("page", async () => ({ response: await dealer.send("/") })),
      loop("scim read", async () => ({
        response: await fetch(`${portal.origin}/scim/v2/Users?count=2`, { headers: bearer }),
      })),
      loop("scim write", async () => {
        const userName = `restart.${n++}@example.com`;
        const response = await fetch(`${portal.origin}/scim/v2/Users`, {
          method: "POST",
          headers: { ...bearer, "Content-Type": "application/scim+json" },
          body: JSON.stringify({
            schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
            userName,
            name: { givenName: "Restart", familyName: `Load ${n}` },
            emails: [{ value: userName, primary: true }],
            active: true,
          }),
        });
        return { response, userName };
      }),
      loop("readyz", async () => ({ response: await fetch(`${portal.origin}/readyz`) })),
    ];
    // Load first, then the outage: stopped until every kind of request has been answered during it.
    while (answers.filter((a) => a.status === 201).length < 3) await new Promise((r) => setTimeout(r, 50));
    postgres("stop");
    outage = true;
    const seenDuringOutage = () => new Set(answers.filter((a) => a.duringOutage).map((a) => a.kind)).size;
    while (seenDuringOutage() < 4 || answers.filter((a) => a.duringOutage).length < 40)
      await new Promise((r) => setTimeout(r, 50));
    postgres("start");
    const back = Date.now();
    outage = false;
    let servedAgainAfter: number | undefined;
    while (servedAgainAfter === undefined && Date.now() - back < 30_000) {
      const home = await dealer.send("/");
      if (home.status === 200 && (await home.text()).includes("Willkommen")) servedAgainAfter = Date.now() - back;
      else await new Promise((r) => setTimeout(r, 100));
    }
    running = false;
    await Promise.all(loops);

    console.info(
      `database restart: ${answers.filter((a) => a.duringOutage).length} answers during the outage, served again ${servedAgainAfter} ms after the restart`,
    );
    // Never a 500, never a stack: before, during and after.
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503).map((a) => `${a.kind} ${a.status}`)).toEqual([]);
    for (const answer of answers) expect(answer.body).not.toMatch(STACK_OR_INTERNALS);
    const during = (kind: Answer["kind"]) => answers.filter((a) => a.duringOutage && a.kind === kind);
    // Pages: the translated "temporarily unavailable" view with a reference (the request's id, in the log too).
    const pages = during("page").filter((a) => a.status === 503);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(page.body).toContain("Vorübergehend nicht verfügbar");
      expect(page.body).toContain('lang="de"');
      expect(page.body).toMatch(/<code id="error-reference">[0-9a-f]{16}<\/code>/);
    }
    // SCIM: its error document, status "503".
    const scimAnswers = [...during("scim read"), ...during("scim write")].filter((a) => a.status === 503);
    expect(scimAnswers.length).toBeGreaterThan(0);
    for (const answer of scimAnswers) expect(JSON.parse(answer.body)).toMatchObject({ status: "503" });
    expect(during("readyz").some((a) => a.status === 503)).toBe(true);
    const log = portal.process().output();
    const reference = /<code id="error-reference">([0-9a-f]{16})<\/code>/.exec(pages[0].body)![1];
    expect(log).toContain(reference);

    // Back: the same process serves within 5 s of the database accepting connections again.
    expect(servedAgainAfter).toBeDefined();
    expect(servedAgainAfter!).toBeLessThanOrEqual(5_000);
    expect((await fetch(`${portal.origin}/readyz`)).status).toBe(200);

    // Every write answered as done is there; none is there by half (a user without its role or its audit row).
    const done = answers.filter((a) => a.kind === "scim write" && a.status === 201).map((a) => a.userName!);
    const rows = (await portal.database.db.execute(sql`
      select i.email,
        exists (select 1 from role_assignments r where r.identity_id = i.id) as "hasRole",
        exists (select 1 from audit_log l where l.entity = 'identity' and l.entity_id = i.id and l.operation = 'create') as "audited"
      from identities i where i.email like 'restart.%@example.com'`)) as unknown as {
      rows: { email: string; hasRole: boolean; audited: boolean }[];
    };
    const stored = new Set(rows.rows.map((row) => row.email));
    expect(done.filter((userName) => !stored.has(userName))).toEqual([]);
    expect(rows.rows.filter((row) => !row.hasRole || !row.audited)).toEqual([]);
  }, 180_000);
});
