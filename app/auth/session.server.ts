import { randomBytes } from "node:crypto";
import { createCookie, createSession, createSessionStorage, type Session } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { profileColumns, type ProfileColumns } from "~/permissions/access-profile.server";
import {
  CATALOGUE_VERSIONS_JSON,
  primeCatalogueVersions,
  type CatalogueVersions,
} from "~/server-context/catalogue-cache.server";

/** What a portal session keeps (server side only; the cookie holds the signed id). */
export interface SessionData {
  identityId: number;
  issuer: "default" | "brand3";
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
  accessTokenExpiresAt: number;
  claims: IdentityClaims;
  /** The browser's User-Agent at sign-in (the account page shows it as the device). */
  userAgent?: string;
}

/** Identity token claims the portal reads (SPEC §3). */
export interface IdentityClaims {
  sub: string;
  name?: string;
  email?: string;
  org?: string;
  uid?: string;
  employeeNumber?: string;
  directory_group?: string[];
  passportWebRoles?: string[];
}

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 8;

function cookieSecure(): boolean {
  return getConfig().PUBLIC_URL.startsWith("https://");
}

/** A session's "last seen" is written at most this often (one write a minute, not one per request). */
export const LAST_SEEN_INTERVAL_MS = 60_000;

export function lastSeenIsDue(lastSeenAt: Date | null, now: Date): boolean {
  return !lastSeenAt || now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_INTERVAL_MS;
}

let storage: ReturnType<typeof buildStorage> | undefined;
let cookie: ReturnType<typeof buildCookie> | undefined;

function buildCookie() {
  const config = getConfig();
  return createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: cookieSecure(),
    path: "/",
    secrets: [config.SESSION_SECRET],
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

function sessionCookie() {
  cookie ??= buildCookie();
  return cookie;
}

function buildStorage() {
  return createSessionStorage<SessionData>({
    cookie: sessionCookie(),
    async createData(data, expires) {
      const id = randomBytes(32).toString("base64url");
      await db()
        .insert(sessions)
        .values({
          id,
          identityId: (data.identityId as number | undefined) ?? null,
          data: data as Record<string, unknown>,
          expiresAt: expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
          userAgent: typeof data.userAgent === "string" ? data.userAgent : null,
          lastSeenAt: new Date(),
        });
      return id;
    },
    async readData(id) {
      const [row] = await db().select().from(sessions).where(eq(sessions.id, id));
      return row ? currentSessionData(id, row) : null;
    },
    async updateData(id, data, expires) {
      await db()
        .update(sessions)
        .set({
          data: data as Record<string, unknown>,
          identityId: (data.identityId as number | undefined) ?? null,
          expiresAt: expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
        })
        .where(eq(sessions.id, id));
    },
    async deleteData(id) {
      await db().delete(sessions).where(eq(sessions.id, id));
    },
  });
}

/** A stored session's data while it has not expired (an expired one is removed); marks it seen at most once a minute. */
async function currentSessionData(
  id: string,
  row: { data: unknown; expiresAt: Date; lastSeenAt: Date | null },
): Promise<Partial<SessionData> | null> {
  if (row.expiresAt.getTime() < Date.now()) {
    await db().delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (lastSeenIsDue(row.lastSeenAt, new Date())) {
    await db().update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
  }
  return row.data as Partial<SessionData>;
}

/** A session object as the storage's getSession builds it (its data may be partial, as there). */
function sessionOf(data: Partial<SessionData>, id: string): Session<SessionData> {
  return createSession(data as SessionData, id);
}

export interface SessionWithProfile {
  session: Session<SessionData>;
  /** The session identity's access profile columns; null without a stored session. */
  profile: ProfileColumns | null;
}

/**
 * The request's session together with its identity's access profile and the catalogue
 * versions, in one statement: what every signed-in page needs before its own data.
 */
export async function readSessionWithProfile(request: Request): Promise<SessionWithProfile> {
  const id: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  if (typeof id !== "string" || !id) return { session: sessionOf({}, ""), profile: null };
  const result = await db().execute(sql`
    select s.data, s.expires_at, s.last_seen_at, ${profileColumns(sql`s.identity_id`)},
      ${CATALOGUE_VERSIONS_JSON} as catalogue_versions
    from sessions s where s.id = ${id}`);
  const [row] = (
    result as unknown as {
      rows: (ProfileColumns & {
        data: unknown;
        expires_at: Date | string;
        last_seen_at: Date | string | null;
        catalogue_versions: CatalogueVersions;
      })[];
    }
  ).rows;
  if (!row) return { session: sessionOf({}, id), profile: null };
  primeCatalogueVersions(row.catalogue_versions);
  const data = await currentSessionData(id, {
    data: row.data,
    expiresAt: new Date(row.expires_at),
    lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at),
  });
  return { session: sessionOf(data ?? {}, id), profile: data ? row : null };
}

export function sessionStorage() {
  storage ??= buildStorage();
  return storage;
}

export function getSession(request: Request): Promise<Session<SessionData>> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** Ends every portal session of one identity (sign-out everywhere). */
export async function deleteSessionsOf(identityId: number): Promise<void> {
  await db().delete(sessions).where(eq(sessions.identityId, identityId));
}
