import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS, pgliteHandle, postgresHandle, setDatabase, type DatabaseHandle } from "~/db/client.server";
import { applications } from "~/db/schema";
import { seedDemo } from "~/seed/seed";
import { sessionStorage } from "~/auth/session.server";
import { loadShellData } from "~/shell/shell-data.server";
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
});
