/**
 * Helpers for the suites that run against the built portal in-process (fuzz, production mode): the real built portal, a cookie-keeping HTTP client that
 * signs in through the embedded identity provider, and a fingerprint of the database's rows.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { parseConfig } from "../../app/config.server";
import type { Database } from "../../app/db/client.server";
import type * as PortalEntry from "../../app/entry.server";

import { freePort } from "../../scripts/cluster/local-cluster";

export { freePort };

export const ADMIN_EMAIL = "admin@example.com";
export const DEMO_PASSWORD = "Demo#Portal2026";

export interface Portal {
  origin: string;
  db: Database;
  close(): Promise<void>;
}

const INHERITED_VARIABLES_TO_DROP = [
  "PUBLIC_URL",
  "PUBLIC_URL_BRAND3",
  "DATABASE_URL",
  "OIDC_ISSUER",
  "OIDC_ISSUER_BRAND3",
  "CALLBACK_BASE",
];

/** The server build with its entry's exports: the server and the routes the suite talks to are one module graph. */
export type PortalServerBuild = ServerBuild & { entry: { module: typeof PortalEntry } };

/** The built portal (`npm run build` must have run), loaded once per process. */
export async function loadBuild(): Promise<PortalServerBuild> {
  return (await import(path.resolve("build/server/index.js"))) as PortalServerBuild;
}

/**
 * Starts the built portal on a fresh PGlite folder with the demo data; `npm run build` must have
 * run. `overrides` replace the suite's settings (the production-mode suite sets its own limits).
 */
export async function startPortal(
  overrides: Record<string, string> = {},
  options: { schedules?: boolean } = {},
): Promise<Portal> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-built-"));
  const port = await freePort();
  const vars = {
    APP_ENV: "test",
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "silent",
    SIGNIN_RATE_LIMIT_PER_MINUTE: "100000",
    API_RATE_LIMIT_PER_MINUTE: "100000",
    API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: "100000",
    // Every API answer held against the OpenAPI document (issue #35; tests/built/contract-setup.ts).
    API_CONTRACT_CHECK: "true",
    ...overrides,
  };
  // The server bundle reads its configuration from process.env (getConfig), so both must agree,
  // and an inherited PUBLIC_URL or external issuer would point the suite elsewhere.
  for (const name of INHERITED_VARIABLES_TO_DROP) delete process.env[name];
  Object.assign(process.env, vars);
  const config = parseConfig({ ...process.env, ...vars });
  let captured: Database | undefined;
  const build = await loadBuild();
  const running = await build.entry.module.startServer(config, {
    build: { serverBuild: build },
    schedules: options.schedules,
    afterSeed: async (db) => {
      captured = db;
    },
  });
  if (!captured) throw new Error("afterSeed did not run: no database handle");
  return {
    origin: new URL(running.url).origin,
    db: captured,
    close: async () => {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser's cookie store reduced to what the suite needs: one value per name, every path. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  /** Every Set-Cookie line received, as sent. */
  readonly received: string[] = [];

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  /** Drops a cookie, as a browser that never had it would send none. */
  forget(name: string): void {
    this.cookies.delete(name);
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      this.received.push(line);
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, raw = ""] = attribute.split("=").map((s) => s.trim());
        if (key.toLowerCase() === "max-age") return Number(raw) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(raw) <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export type SignInWay = "sign-in form" | "provider session";

export interface SendOptions {
  method?: string;
  body?: string | Uint8Array<ArrayBuffer> | FormData;
  contentType?: string;
  headers?: Record<string, string>;
}

/** fetch against the portal with the jar's cookies, never following redirects, every write carrying our Origin. */
export class PortalClient {
  readonly jar = new CookieJar();
  signIns = 0;

  constructor(
    readonly origin: string,
    private readonly db: Database,
  ) {}

  async send(target: string, options: SendOptions = {}): Promise<Response> {
    const method = options.method ?? "GET";
    const headers = new Headers(options.headers);
    const cookie = this.jar.header();
    if (cookie) headers.set("Cookie", cookie);
    if (method !== "GET" && method !== "HEAD") headers.set("Origin", this.origin);
    if (options.contentType !== undefined) headers.set("Content-Type", options.contentType);
    const response = await fetch(new URL(target, this.origin), {
      method,
      headers,
      body: options.body,
      redirect: "manual",
    });
    this.jar.store(response);
    return response;
  }

  /**
   * One request on a connection of its own, closed after it: the portal may drop a connection
   * whose body it did not read, and that must not fail the next request (which fetch's pool would
   * send on the same socket). A network failure before any answer rejects with its code.
   */
  async sendAlone(target: string, options: SendOptions = {}): Promise<Response> {
    const method = options.method ?? "GET";
    let contentType = options.contentType;
    let body: Buffer | undefined;
    if (options.body instanceof FormData) {
      const encoded = new Response(options.body);
      contentType ??= encoded.headers.get("content-type") ?? undefined;
      body = Buffer.from(await encoded.arrayBuffer());
    } else if (options.body !== undefined) {
      body = typeof options.body === "string" ? Buffer.from(options.body, "utf8") : Buffer.from(options.body);
    }
    const headers: Record<string, string> = { ...options.headers, Connection: "close" };
    const cookie = this.jar.header();
    if (cookie) headers.Cookie = cookie;
    if (method !== "GET" && method !== "HEAD") headers.Origin = this.origin;
    if (contentType !== undefined) headers["Content-Type"] = contentType;
    if (body) headers["Content-Length"] = String(body.length);
    const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const request = http.request(
          new URL(target, this.origin),
          { method, headers, agent: false, timeout: 60_000 },
          (response) => {
            const chunks: Buffer[] = [];
            // Once the status is in, a connection dropped mid-body still counts as that answer.
            const done = () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", done);
            response.on("error", done);
          },
        );
        request.on("timeout", () =>
          request.destroy(Object.assign(new Error("no answer within 60 s"), { code: "TIMEOUT" })),
        );
        request.on("error", reject);
        request.end(body);
      },
    );
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
        responseHeaders.append(name, item);
    }
    const nullBody = [204, 205, 304].includes(answer.status);
    const response = new Response(nullBody ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: responseHeaders,
    });
    this.jar.store(response);
    return response;
  }

  /** Follows same-origin redirects from `response` with GETs; returns the last answer and its URL. */
  async follow(response: Response, from: string, limit = 15): Promise<{ response: Response; url: URL }> {
    let url = new URL(from, this.origin);
    for (let hop = 0; hop < limit && response.status >= 300 && response.status < 400; hop++) {
      const location = response.headers.get("location");
      if (!location) break;
      const next = new URL(location, url);
      if (next.origin !== this.origin) throw new Error(`redirected off the portal to ${next.href}`);
      await response.body?.cancel();
      url = next;
      response = await this.send(next.pathname + next.search);
    }
    return { response, url };
  }

  /** True when the portal still knows this client's session. */
  async signedIn(): Promise<boolean> {
    if (!this.jar.has("__session")) return false;
    const response = await this.send("/api/v2/user");
    await response.body?.cancel();
    return response.status === 200;
  }

  /**
   * Signs in through the real code + PKCE flow: /login, the provider's redirects, our sign-in page,
   * the callback, and home. When the provider still has a session it skips the sign-in page;
   * the answer says which way it went.
   */
  async signIn(email = ADMIN_EMAIL, password = DEMO_PASSWORD): Promise<SignInWay> {
    let way: SignInWay;
    try {
      way = await this.attemptSignIn(email, password);
    } catch (error) {
      // The fuzzer's wrong passwords (change-password form, sign-in page) can lock the account:
      // forget the attempts so the suite can go on, and try once more.
      await this.db.execute(sql`delete from login_attempts where email = ${email}`);
      way = await this.attemptSignIn(email, password).catch((again: unknown) => {
        throw new Error(`sign-in failed twice: ${String(error)} / ${String(again)}`);
      });
    }
    this.signIns += 1;
    return way;
  }

  private async attemptSignIn(email: string, password: string): Promise<SignInWay> {
    let way: SignInWay = "provider session";
    let { response, url } = await this.follow(await this.send("/login?returnTo=/"), "/login?returnTo=/");
    if (url.pathname.startsWith("/signin/")) {
      if (response.status !== 200) throw new Error(`sign-in page answered ${response.status}`);
      const html = await response.text();
      const form = new URLSearchParams(hiddenInputs(html));
      form.set("email", email);
      form.set("password", password);
      const posted = await this.send(url.pathname + url.search, {
        method: "POST",
        body: form.toString(),
        contentType: "application/x-www-form-urlencoded",
      });
      if (posted.status < 300 || posted.status >= 400) {
        throw new Error(`sign-in form answered ${posted.status}: ${(await posted.text()).slice(0, 200)}`);
      }
      ({ response, url } = await this.follow(posted, url.href));
      way = "sign-in form";
    }
    await response.body?.cancel();
    if (url.pathname !== "/" || response.status !== 200 || !this.jar.has("__session")) {
      throw new Error(
        `sign-in ended at ${url.pathname} with ${response.status}, session cookie: ${this.jar.has("__session")}`,
      );
    }
    return way;
  }
}

/** name → value of the page's hidden inputs (none today; kept so a CSRF field would not break sign-in). */
function hiddenInputs(html: string): [string, string][] {
  const found: [string, string][] = [];
  for (const [tag] of html.matchAll(/<input\b[^>]*>/gi)) {
    if (!/\btype\s*=\s*["']?hidden\b/i.test(tag)) continue;
    const name = /\bname\s*=\s*"([^"]*)"/i.exec(tag)?.[1];
    if (name) found.push([name, decodeEntities(/\bvalue\s*=\s*"([^"]*)"/i.exec(tag)?.[1] ?? "")]);
  }
  return found;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Tables whose rows change without any write of ours (sessions' last_seen, sign-in attempts, provider records, forms' one-time keys). */
const VOLATILE_TABLES = new Set(["sessions", "login_attempts", "oidc_payloads", "form_keys"]);

/** table → md5 of all its rows, for every non-volatile table of the public schema, in one query. */
export async function fingerprint(db: Database): Promise<Map<string, string>> {
  const tables = await db.execute(
    sql.raw("select tablename from pg_tables where schemaname = 'public' order by tablename"),
  );
  const names = rowsOf<{ tablename: string }>(tables)
    .map((row) => row.tablename)
    .filter((name) => !VOLATILE_TABLES.has(name) && !name.includes("drizzle"));
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const identifier = (text: string) => `"${text.replace(/"/g, '""')}"`;
  const query = names
    .map(
      (name) =>
        `select ${literal(
          name,
        )} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from ${identifier(name)} t`,
    )
    .join(" union all ");
  const digests = rowsOf<{ name: string; md5: string }>(await db.execute(sql.raw(query)));
  return new Map(digests.map((row) => [row.name, row.md5]));
}

/**
 * Fingerprints, recomputed only when the write-ahead log moved: hashing every table costs ~20 ms
 * on PGlite, reading the WAL position under 1 ms, and most fuzzed requests write nothing.
 * Sound because every table is a logged one (checked once: an unlogged table writes no WAL).
 */
export class Fingerprints {
  private cached: { wal: string; print: Map<string, string> } | undefined;
  private checked = false;

  constructor(private readonly db: Database) {}

  async take(): Promise<Map<string, string>> {
    if (!this.checked) {
      const unlogged = rowsOf<{ relname: string }>(
        await this.db.execute(
          sql.raw(
            "select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' and c.relpersistence <> 'p'",
          ),
        ),
      );
      if (unlogged.length > 0)
        throw new Error(`unlogged tables defeat the WAL shortcut: ${unlogged.map((r) => r.relname).join(", ")}`);
      this.checked = true;
    }
    const wal = rowsOf<{ wal: string }>(
      await this.db.execute(sql.raw("select pg_current_wal_insert_lsn()::text as wal")),
    )[0].wal;
    if (this.cached?.wal !== wal) this.cached = { wal, print: await fingerprint(this.db) };
    return this.cached.print;
  }
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}

/** PGlite answers { rows }, node-postgres a QueryResult with rows too; an array is accepted just in case. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}

/** An action route of the built portal: its URL pattern, and whether it is an API write. */
export interface ActionRoute {
  id: string;
  pattern: string;
  /** A path-less index route: a document POST reaches its action only with `?index`. */
  needsIndexParam: boolean;
  api: boolean;
}

/**
 * Every route with an action, from the server build's route table (`npm run build` must have run),
 * destructive ones late and signing out last, so earlier routes still meet the seeded records.
 */
export async function discoverActionRoutes(): Promise<ActionRoute[]> {
  const routes = (await loadBuild()).routes;
  const found: ActionRoute[] = [];
  for (const route of Object.values(routes)) {
    if (!route?.module.action) continue;
    const segments: string[] = [];
    for (let at: typeof route | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
      if (at.path) segments.unshift(at.path.replace(/^\/|\/$/g, ""));
    }
    const pattern = `/${segments.filter(Boolean).join("/")}`;
    found.push({
      id: route.id,
      pattern,
      needsIndexParam: Boolean(route.index) && !route.path,
      api: pattern.startsWith("/api/"),
    });
  }
  const weight = (r: ActionRoute) => {
    if (r.pattern === "/logout") return 3;
    if (r.pattern.startsWith("/api/v2/announcements")) return 2;
    return r.pattern.startsWith("/admin/") ? 1 : 0;
  };
  return found.sort((a, b) => weight(a) - weight(b) || a.pattern.localeCompare(b.pattern));
}
