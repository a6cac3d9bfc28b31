/**
 * `npm run bench:scim` (issue #36 §4): SCIM provisioning through the built portal's HTTP, on
 * PGlite and on PostgreSQL in turn. Each database gets the demo plus `seedScale` (100 000 users)
 * first, then the portal starts on it; the demo administrator makes a SCIM connection on the API
 * client screen (sign-in, form post), and with its token 8 concurrent clients send 10 000 user
 * creates (POST /Users), then 10 000 group-membership PATCHes (each adds one of those users to a
 * role), then 200 `userName eq` lookups. Prints creates/s, PATCHes/s and the lookup's p50/p95.
 * Figures to track (goals: ≥ 200 creates/s on PostgreSQL, lookup p95 ≤ 20 ms), never a test.
 * BENCH_SCIM_USERS changes the 10 000; BENCH_SCALE_USERS the 100 000.
 */
import "~/assembly/portal.server";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { seedDemo } from "~/seed/seed";
import { seedScale } from "~/seed/seed-scale";
import { createBenchDatabase } from "./postgres";
import { BenchError, Cleanup, startPortal, type ServerChild } from "./processes";
import { signIn } from "./sign-in";
import { percentile } from "./percentile";

const USERS = Number(process.env.BENCH_SCIM_USERS ?? 10_000);
const SCALE_USERS = Number(process.env.BENCH_SCALE_USERS ?? 100_000);
const CLIENTS = 8;
const LOOKUPS = 200;
const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
const PORTAL_SCHEMA = "urn:ietf:params:scim:schemas:extension:dealerportal:2.0:User";
const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

/** Makes the SCIM connection on the screen as an administrator would: its token, a location and the role for new users. */
async function scimConnection(origin: string) {
  const cookie = await signIn(origin, "admin@example.com");
  const headers = { Cookie: cookie, "Accept-Language": "en" };
  const form = await (await fetch(`${origin}/admin/api-clients/new`, { headers })).text();
  const location = /name="locationIds"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="locationIds"/.exec(form);
  const roleSelect = /<select[^>]*name="scimRoleId"[^>]*>([\s\S]*?)<\/select>/.exec(form)?.[1] ?? "";
  const role = /<option value="(\d+)"/.exec(roleSelect);
  if (!location || !role) throw new BenchError("the new API client form offers no location or role for new users");
  const expires = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const posted = await fetch(`${origin}/admin/api-clients/new`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({
      name: `Bench SCIM ${Date.now()}`,
      scopes: "scim",
      locationIds: location[1] ?? location[2],
      scimRoleId: role[1],
      expiresOn: expires,
    }).toString(),
  });
  const html = await posted.text();
  const token = /data-testid="scim-token">([^<]+)</.exec(html)?.[1];
  if (!token) throw new BenchError(`the SCIM connection was not made (${posted.status})`);
  return { token, locationId: location[1] ?? location[2], roleId: role[1] };
}

/** Runs `total` jobs over `CLIENTS` concurrent workers; returns the seconds it took. */
async function concurrently(total: number, job: (n: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let n = next++; n < total; n = next++) await job(n);
    }),
  );
  return (performance.now() - started) / 1000;
}

async function measure(name: string, server: ServerChild): Promise<void> {
  const { origin } = server;
  const connection = await scimConnection(origin);
  const headers = { Authorization: `Bearer ${connection.token}`, "Content-Type": "application/scim+json" };
  const send = async (method: string, address: string, body: unknown, expected: number) => {
    const answer = await fetch(`${origin}/scim/v2${address}`, { method, headers, body: JSON.stringify(body) });
    if (answer.status !== expected)
      throw new BenchError(`${method} ${address} answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
    return answer;
  };
  const ids: string[] = new Array(USERS);
  const runTag = Date.now().toString(36);
  const createSeconds = await concurrently(USERS, async (n) => {
    const answer = await send(
      "POST",
      "/Users",
      {
        schemas: [USER_SCHEMA, PORTAL_SCHEMA],
        userName: `scim.${runTag}.${n}@bench.example`,
        name: { givenName: "Bench", familyName: `User ${n}` },
        active: true,
        [PORTAL_SCHEMA]: { locations: [connection.locationId] },
      },
      201,
    );
    ids[n] = ((await answer.json()) as { id: string }).id;
  });
  const groups = (await (await fetch(`${origin}/scim/v2/Groups?excludedAttributes=members`, { headers })).json()) as {
    Resources: { id: string }[];
  };
  const group = groups.Resources.find((candidate) => candidate.id !== connection.roleId);
  if (!group) throw new BenchError("the connection may assign no second role");
  const patchSeconds = await concurrently(USERS, async (n) => {
    await send(
      "PATCH",
      `/Groups/${group.id}`,
      { schemas: [PATCH_SCHEMA], Operations: [{ op: "add", path: "members", value: [{ value: ids[n] }] }] },
      204,
    );
  });
  const times: number[] = [];
  for (let n = 0; n < LOOKUPS; n++) {
    const filter = encodeURIComponent(`userName eq "scim.${runTag}.${(n * 7919) % USERS}@bench.example"`);
    const started = performance.now();
    const answer = await fetch(`${origin}/scim/v2/Users?filter=${filter}`, { headers });
    const found = (await answer.json()) as { totalResults: number };
    times.push(performance.now() - started);
    if (found.totalResults !== 1) throw new BenchError(`a lookup found ${found.totalResults} users`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(10)} ${USERS} creates: ${(USERS / createSeconds).toFixed(0)}/s · ${USERS} group PATCHes: ${(USERS / patchSeconds).toFixed(0)}/s · userName eq at ${SCALE_USERS + USERS}+ users: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
  );
}

/** The demo and the scale data written before the portal starts (seedScale is no server's job). */
async function seeded(options: { databaseUrl?: string; dataDir: string }): Promise<number> {
  const handle = await openDatabase(options);
  try {
    await handle.migrate();
    await seedDemo(handle.db);
    const started = performance.now();
    await seedScale(handle.db, { users: SCALE_USERS, locations: 5_000 });
    return (performance.now() - started) / 1000;
  } finally {
    await handle.close();
  }
}

// Many calls from one address and one client: the limits a busy connection would meet are lifted here.
const LIMITS = { API_RATE_LIMIT_PER_MINUTE: "10000000", API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: "10000000" };

const cleanup = new Cleanup();
try {
  if (process.env.BENCH_PGLITE === "0") console.log("PGlite skipped: BENCH_PGLITE=0");
  else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-scim-"));
    cleanup.add("data folder", () => rmSync(dataDir, { recursive: true, force: true }));
    const seedSeconds = await seeded({ dataDir });
    console.log(`PGlite     seed ${seedSeconds.toFixed(1)} s`);
    const pglite = await startPortal(cleanup, { name: "portal (PGlite)", dataDir, env: LIMITS });
    try {
      await measure("PGlite", pglite);
    } finally {
      await pglite.stop();
    }
  }
  const postgres = await createBenchDatabase(cleanup);
  if ("skipped" in postgres) console.log(`PostgreSQL skipped: ${postgres.skipped}`);
  else {
    const pgSeconds = await seeded({ databaseUrl: postgres.url, dataDir: "/nonexistent" });
    console.log(`PostgreSQL seed ${pgSeconds.toFixed(1)} s`);
    const server = await startPortal(cleanup, {
      name: "portal (PostgreSQL)",
      dataDir: "/nonexistent",
      databaseUrl: postgres.url,
      env: { ...LIMITS, WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1" },
    });
    try {
      await measure("PostgreSQL", server);
    } finally {
      await server.stop();
    }
  }
} finally {
  await cleanup.run();
}
