import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS, pgliteHandle, postgresHandle, setDatabase, type DatabaseHandle } from "~/db/client.server";
import { applications, catalogueVersions, identities, roleAssignments, securityRoles } from "~/db/schema";
import { optionalUser } from "~/auth/user.server";
import { ACCESS_VERSION } from "~/permissions/profile-cache.server";
import { F } from "~/permissions/features";
import { seedDemo } from "~/seed/seed";
import { sessionStorage } from "~/auth/session.server";
import { loadShellData } from "~/root/shell-data.server";
import { loader as homeLoader } from "~/routes/_index";
import { requestScope } from "~/server-context/request-scope.server";
import { BACKENDS, POSTGRES_URL, dropTestDatabase, identityIdOf } from "./backends";

/** A database handle whose statements are counted (each is one round trip). */
async function countedHandle(
  kind: "pglite" | "postgres",
): Promise<{ handle: DatabaseHandle; count: () => number; dispose(): Promise<void> }> {
  let statements = 0;
  if (kind === "pglite") {
    const client = await PGlite.create(PGLITE_OPTIONS);
    const query = client.query.bind(client);
    client.query = ((...args: Parameters<typeof query>) => {
      statements++;
      return query(...args);
    }) as typeof client.query;
    return { handle: pgliteHandle(client), count: () => statements, dispose: async () => undefined };
  }
  const name = `portal_budget_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // A connection the drop below ends is expected, not a failure (the app's own pool does the same).
  pool.on("error", () => undefined);
  const query = pool.query.bind(pool);
  pool.query = ((...args: Parameters<typeof query>) => {
    statements++;
    return (query as (...a: unknown[]) => unknown)(...args);
  }) as typeof pool.query;
  return {
    handle: postgresHandle(pool),
    count: () => statements,
    async dispose() {
      await admin.end();
      await dropTestDatabase(name);
    },
  };
}

describe.each(BACKENDS)("issue #12 query budget on $name", (backend) => {
  let counted: Awaited<ReturnType<typeof countedHandle>>;
  let cookie: string;

  beforeAll(async () => {
    counted = await countedHandle(backend.name);
    await counted.handle.migrate();
    await seedDemo(counted.handle.db);
    setDatabase(counted.handle);
    const identityId = await identityIdOf(counted.handle.db, "dealer@example.com");
    const session = await sessionStorage().getSession();
    session.set("identityId", identityId);
    session.set("issuer", "default");
    session.set("accessToken", "not-used-here");
    session.set("accessTokenExpiresAt", Date.now() + 3_600_000);
    session.set("claims", { sub: String(identityId), name: "Dana Dealer", email: "dealer@example.com" });
    cookie = (await sessionStorage().commitSession(session)).split(";")[0];
  });
  afterAll(async () => {
    await counted?.handle.close();
    await counted?.dispose();
  });

  /** The request's signed-in user (its access profile), as every loader reads it. */
  function userOf() {
    const request = new Request("http://localhost/", { headers: { Cookie: cookie, "Accept-Language": "en" } });
    return requestScope.run(new Map(), () => optionalUser(request));
  }

  async function accessVersion(): Promise<number> {
    const [row] = await counted.handle.db
      .select()
      .from(catalogueVersions)
      .where(eq(catalogueVersions.name, ACCESS_VERSION));
    return row?.version ?? 0;
  }

  /**
   * Adds a feature to the first role of an identity by a plain update (not through this process's
   * services: a console, another instance), runs `check`, and puts the role back.
   */
  async function withFeatureAdded(identityId: number, feature: string, check: () => Promise<void>) {
    const [assigned] = await counted.handle.db
      .select({ roleId: roleAssignments.securityRoleId })
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, identityId));
    const [role] = await counted.handle.db.select().from(securityRoles).where(eq(securityRoles.id, assigned.roleId));
    await counted.handle.db
      .update(securityRoles)
      .set({ features: [...role.features, feature] })
      .where(eq(securityRoles.id, role.id));
    try {
      await check();
    } finally {
      await counted.handle.db
        .update(securityRoles)
        .set({ features: role.features })
        .where(eq(securityRoles.id, role.id));
    }
  }

  /** One HTTP request for the signed-in home page: the shell's data and the page's own. */
  async function homeRequest() {
    const request = new Request("http://localhost/", { headers: { Cookie: cookie, "Accept-Language": "en" } });
    return requestScope.run(new Map(), async () => {
      const before = counted.count();
      const shell = await loadShellData(request);
      const home = await homeLoader({ request, params: {}, context: {} as never });
      return { shell, home, statements: counted.count() - before };
    });
  }

  it("a signed-in page costs at most two round trips (session + identity + access profile + catalogue versions in one), catalogues from the cache", async () => {
    await homeRequest(); // the first request of the process loads the catalogues
    const { shell, home, statements } = await homeRequest();
    expect(shell.user?.email).toBe("dealer@example.com");
    expect(home.launcher.regions.length).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(2);
  });

  it("another process's write to a catalogue is seen on the next request: the database bumps its version", async () => {
    const first = await homeRequest();
    const shown = first.shell.user!.applications[0];
    // Another process (or a console): a plain update, not through this process's services.
    await counted.handle.db
      .update(applications)
      .set({ link: "https://moved.example/" })
      .where(eq(applications.id, Number(shown.id)));
    const next = await homeRequest();
    expect(next.shell.user!.applications.find((app) => app.id === shown.id)?.link).toBe("https://moved.example/");
    expect(shown.link).not.toBe("https://moved.example/");
  });

  it("a write that changes no row leaves the version, and the copy is served without a query", async () => {
    await homeRequest();
    await counted.handle.db
      .update(applications)
      .set({ link: "https://nowhere.example/" })
      .where(eq(applications.id, -1));
    const { statements } = await homeRequest();
    expect(statements).toBeLessThanOrEqual(2);
  });

  it("ADR 26: a kept access profile serves the next request of the session without its statement", async () => {
    const first = await homeRequest();
    const second = await homeRequest();
    expect(second.shell.user?.email).toBe("dealer@example.com");
    // The second request reads the session (and the page's data) but not the profile again.
    await counted.handle.db.update(securityRoles).set({ displayName: sql`display_name` });
    const afterWrite = await homeRequest();
    expect(afterWrite.statements).toBe(second.statements + 1);
    expect(first.statements).toBeGreaterThanOrEqual(second.statements);
  });

  it("the user's read announcements come with the session: a page with announcements makes one statement", async () => {
    await homeRequest();
    const { shell, home, statements } = await homeRequest();
    // The demo dealer has read some of the announcements shown: the marks were used.
    expect(home.feed.read.length).toBeGreaterThan(0);
    expect(shell.user?.unreadTotal).toBe(home.feed.unread.length);
    expect(statements).toBe(1);
  });

  it("ADR 26: a role's features changed by another process hold at the session's next request", async () => {
    const before = await userOf();
    const features = before!.access.features;
    expect(features).not.toContain(F.auditUsersRead);
    await withFeatureAdded(before!.identityId, F.auditUsersRead, async () => {
      expect((await userOf())!.access.features).toContain(F.auditUsersRead);
    });
    expect((await userOf())!.access.features).toEqual(features);
  });

  it("ADR 26: a sign-in's time leaves the access version; a role's change bumps it once per transaction", async () => {
    const user = await userOf();
    const start = await accessVersion();
    await counted.handle.db
      .update(identities)
      .set({ lastLoginAt: new Date() })
      .where(eq(identities.id, user!.identityId));
    expect(await accessVersion()).toBe(start);
    await counted.handle.db.transaction(async (tx) => {
      await tx.update(securityRoles).set({ displayName: sql`display_name` });
      await tx
        .update(identities)
        .set({ webRoles: sql`web_roles` })
        .where(eq(identities.id, user!.identityId));
      await tx
        .update(identities)
        .set({ role: sql`role` })
        .where(eq(identities.id, user!.identityId));
    });
    expect(await accessVersion()).toBe(start + 1);
  });
  it("issue #33: a user's own time zone is part of the profile: choosing one bumps the version and the next page has it", async () => {
    const user = await userOf();
    const start = await accessVersion();
    await counted.handle.db
      .update(identities)
      .set({ timeZone: "Asia/Seoul" })
      .where(eq(identities.id, user!.identityId));
    expect(await accessVersion()).toBe(start + 1);
    expect((await userOf())!.profile.timeZones?.preference).toBe("Asia/Seoul");
    await counted.handle.db.update(identities).set({ timeZone: null }).where(eq(identities.id, user!.identityId));
    expect((await userOf())!.profile.timeZones?.preference).toBeNull();
  });
  it("ADR 26: versions reset to a lower number (a restored database) empty the kept profiles", async () => {
    const before = await userOf();
    expect(before!.access.features).not.toContain(F.auditUsersRead);
    const version = await accessVersion();
    await counted.handle.db
      .update(catalogueVersions)
      .set({ version: version - 1 })
      .where(eq(catalogueVersions.name, ACCESS_VERSION));
    await userOf();
    // The change bumps the version back to the number the first profile was kept at.
    await withFeatureAdded(before!.identityId, F.auditUsersRead, async () => {
      expect(await accessVersion()).toBe(version);
      expect((await userOf())!.access.features).toContain(F.auditUsersRead);
    });
  });

  // PGlite has one connection: nothing runs beside a transaction there.
  it.runIf(backend.name === "postgres")(
    "ADR 26: a long transaction on the profile tables holds another's commit back only at its own commit (the bump is deferred)",
    async () => {
      const user = await userOf();
      const start = await accessVersion();
      const url = new URL(POSTGRES_URL);
      const result = await counted.handle.db.execute(sql`select current_database() as name`);
      const [{ name }] = (result as unknown as { rows: { name: string }[] }).rows;
      url.pathname = `/${name}`;
      const long = new pg.Client({ connectionString: url.toString() });
      await long.connect();
      try {
        await long.query("begin");
        await long.query("update security_roles set display_name = display_name");
        // Meanwhile a short transaction changes an identity and commits; with the version row locked
        // until the long one ends, it would wait (and here fail after the lock timeout).
        await counted.handle.db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '2s'`);
          await tx
            .update(identities)
            .set({ webRoles: sql`array_append(web_roles, 'ADR26')` })
            .where(eq(identities.id, user!.identityId));
        });
        expect(await accessVersion()).toBe(start + 1);
        await long.query("commit");
        expect(await accessVersion()).toBe(start + 2);
      } finally {
        await long.end();
        await counted.handle.db
          .update(identities)
          .set({ webRoles: sql`array_remove(web_roles, 'ADR26')` })
          .where(eq(identities.id, user!.identityId));
      }
    },
  );

  // Last: the session ends.
  it("ADR 26: a deactivated identity's session ends at its next request, though its profile was kept", async () => {
    const user = await userOf();
    await counted.handle.db.update(identities).set({ status: "inactive" }).where(eq(identities.id, user!.identityId));
    try {
      await expect(userOf()).rejects.toMatchObject({ status: 302 });
    } finally {
      await counted.handle.db.update(identities).set({ status: "active" }).where(eq(identities.id, user!.identityId));
    }
  });
});
