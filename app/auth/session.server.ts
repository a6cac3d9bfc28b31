import { createHash, randomBytes } from "node:crypto";
import { createCookie, createSession, createSessionStorage, type Session } from "@remix-run/node";
import { and, eq, gt, sql } from "drizzle-orm";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { endedSessions, sessions } from "~/db/schema";
import type { ProfileColumns } from "~/permissions/access-profile.server";
import { ACCESS_VERSION, forgetSessionProfile, sessionProfile } from "~/permissions/profile-cache.server";
import { profileParts } from "~/permissions/profile-parts";
import {
  CATALOGUE_VERSIONS_JSON,
  primeCatalogueVersions,
  type CatalogueVersions,
} from "~/server-context/catalogue-cache.server";
import { lastSeenIsDue, sessionEndReason, type SessionEndReason, type SessionLimits } from "./session-timeout";

/** What a portal session keeps (server side only; the cookie holds the signed id). */
export interface SessionData {
  identityId: number;
  issuer: "default" | "brand3";
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
  accessTokenExpiresAt: number;
  /** The access token's scopes, when the provider named them. */
  scopes?: string[];
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

/** The idle and absolute limits of a portal session, from the configuration. */
export function sessionLimits(): SessionLimits {
  const config = getConfig();
  return { idleMs: config.SESSION_IDLE_MINUTES * 60_000, maxMs: config.SESSION_MAX_HOURS * 3_600_000 };
}

/** The session cookie (and the offline key) live as long as a session may: the absolute limit. */
export function sessionMaxAgeSeconds(): number {
  return Math.ceil(sessionLimits().maxMs / 1000);
}

function cookieSecure(): boolean {
  return getConfig().PUBLIC_URL.startsWith("https://");
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
    maxAge: sessionMaxAgeSeconds(),
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
          expiresAt: expires ?? new Date(Date.now() + sessionLimits().maxMs),
          userAgent: typeof data.userAgent === "string" ? data.userAgent : null,
          lastSeenAt: new Date(),
        });
      return id;
    },
    async readData(id) {
      const [row] = await db().select().from(sessions).where(eq(sessions.id, id));
      if (!row) return null;
      const current = await currentSessionData(id, row);
      return "data" in current ? current.data : null;
    },
    async updateData(id, data) {
      await db()
        .update(sessions)
        .set({
          data: data as Record<string, unknown>,
          identityId: (data.identityId as number | undefined) ?? null,
        })
        .where(eq(sessions.id, id));
    },
    async deleteData(id) {
      await db().delete(sessions).where(eq(sessions.id, id));
    },
  });
}

type StoredSession = { data: unknown; expiresAt: Date; createdAt: Date; lastSeenAt: Date | null };

/**
 * A stored session's data while it stands, marking it seen at most once per interval; or why it
 * ended (expired, idle too long, past the absolute limit), in which case it is removed.
 */
async function currentSessionData(
  id: string,
  row: StoredSession,
  now = new Date(),
): Promise<{ data: Partial<SessionData> } | { ended: SessionEndReason | "expired" }> {
  const limits = sessionLimits();
  const reason = row.expiresAt.getTime() < now.getTime() ? "expired" : sessionEndReason(row, now, limits);
  if (reason) {
    await db().delete(sessions).where(eq(sessions.id, id));
    return { ended: reason };
  }
  if (lastSeenIsDue(row.lastSeenAt, now, limits.idleMs)) {
    await db().update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { data: row.data as Partial<SessionData> };
}

/** Marks the request's session as active now (the "Stay logged in" of the time-out warning). */
export async function touchSession(request: Request): Promise<boolean> {
  const id: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  if (typeof id !== "string" || !id) return false;
  const touched = await db()
    .update(sessions)
    .set({ lastSeenAt: new Date() })
    .where(eq(sessions.id, id))
    .returning({ id: sessions.id });
  return touched.length > 0;
}

/** A session object as the storage's getSession builds it (its data may be partial, as there). */
function sessionOf(data: Partial<SessionData>, id: string): Session<SessionData> {
  return createSession(data as SessionData, id);
}

export interface SessionWithProfile {
  session: Session<SessionData>;
  /** The session identity's access profile columns; null without a stored session. */
  profile: ProfileColumns | null;
  /** Why the request's session ended just now (it was removed), if it did. */
  ended?: SessionEndReason;
  /** Whose session it was, when it ended just now (a post it carried can be rescued for them). */
  endedIdentityId?: number;
  /** Why the profile of a standing session could not be read, if it could not. */
  profileFailure?: string;
}

/**
 * The request's session together with its identity's access profile and the catalogue
 * versions: what every signed-in page needs before its own data. One statement reads the session
 * and the versions; the profile is this process's kept copy while the access version holds
 * (ADR 26), else one more statement.
 */
export async function readSessionWithProfile(request: Request): Promise<SessionWithProfile> {
  const id: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  if (typeof id !== "string" || !id) return { session: sessionOf({}, ""), profile: null };
  const database = db();
  const parts = profileParts().session;
  const result = await database.execute(sql`
    select s.data, s.expires_at, s.created_at, s.last_seen_at, s.identity_id,
      ${CATALOGUE_VERSIONS_JSON} as catalogue_versions
      ${sql.join(
        parts.map((part) => sql`, ${part.select(sql`s.identity_id`)} as ${sql.identifier(part.column)}`),
        sql``,
      )}
    from sessions s where s.id = ${id}`);
  const [row] = (
    result as unknown as {
      rows: {
        data: unknown;
        expires_at: Date | string;
        created_at: Date | string;
        last_seen_at: Date | string | null;
        identity_id: number | null;
        catalogue_versions: CatalogueVersions;
        [part: string]: unknown;
      }[];
    }
  ).rows;
  if (!row) return { session: sessionOf({}, id), profile: null, ...(await endedSessionOwner(id)) };
  primeCatalogueVersions(row.catalogue_versions);
  const createdAt = new Date(row.created_at);
  const current = await currentSessionData(id, {
    data: row.data,
    expiresAt: new Date(row.expires_at),
    createdAt,
    lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at),
  });
  if (!("data" in current)) {
    forgetSessionProfile(database, id);
    return {
      session: sessionOf({}, id),
      profile: null,
      ...(current.ended === "expired" ? {} : { ended: current.ended }),
      ...(row.identity_id === null ? {} : { endedIdentityId: row.identity_id }),
    };
  }
  const session = sessionOf(current.data, id);
  if (row.identity_id === null) return { session, profile: NO_PROFILE };
  for (const part of parts) part.prime(row.identity_id, row[part.column] as never);
  try {
    const profile = await sessionProfile(
      database,
      { id, identityId: row.identity_id, createdAt },
      row.catalogue_versions[ACCESS_VERSION] ?? 0,
    );
    return { session, profile };
  } catch (error) {
    // The user's access data could not be loaded: the caller shows it as such (SPEC §8).
    return { session, profile: null, profileFailure: error instanceof Error ? error.message : String(error) };
  }
}

/** How long the owner of an ended session is known by its cookie (a post it carries can be rescued). */
export const ENDED_SESSION_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Whose the session of this cookie was, when it ended (removed by a time-out seen earlier, by
 * signing out elsewhere, by an administrator) within the retention: issue #34's form rescue.
 */
async function endedSessionOwner(id: string): Promise<{ endedIdentityId?: number }> {
  const idHash = createHash("sha256").update(id, "utf8").digest("hex");
  const [ended] = await db()
    .select({ identityId: endedSessions.identityId })
    .from(endedSessions)
    .where(
      and(
        eq(endedSessions.idHash, idHash),
        gt(endedSessions.endedAt, new Date(Date.now() - ENDED_SESSION_RETENTION_MS)),
      ),
    );
  return ended ? { endedIdentityId: ended.identityId } : {};
}

/** A session without an identity (not signed in yet) has no profile. */
const NO_PROFILE: ProfileColumns = { profile_identity: null, profile_assignments: [] };

export function sessionStorage() {
  storage ??= buildStorage();
  return storage;
}

export function getSession(request: Request): Promise<Session<SessionData>> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** How long one request's claim to renew a session's tokens holds the session's other requests off. */
const RENEWAL_CLAIM_MS = 30_000;

/**
 * Claims the renewal of a session's tokens for this request. Refresh tokens rotate and a used one
 * presented again revokes the whole grant, so of a session's concurrent requests (a page's
 * parallel loader fetches, on any instance) only one may spend the refresh token: the one whose
 * update still finds that token and no live claim. Storing the renewed tokens (or ending the
 * session) drops the claim; a renewal that never finished frees it after RENEWAL_CLAIM_MS.
 */
export async function claimTokenRenewal(sessionId: string, refreshToken: string, now = Date.now()): Promise<boolean> {
  const claimed = await db()
    .update(sessions)
    .set({ data: sql`jsonb_set(${sessions.data}, '{renewalClaimedAt}', to_jsonb(${now}::bigint))` })
    .where(
      and(
        eq(sessions.id, sessionId),
        sql`${sessions.data}->>'refreshToken' = ${refreshToken}`,
        sql`coalesce((${sessions.data}->>'renewalClaimedAt')::bigint, 0) < ${now - RENEWAL_CLAIM_MS}::bigint`,
      ),
    )
    .returning({ id: sessions.id });
  return claimed.length > 0;
}

/** Ends every portal session of one identity (sign-out everywhere). */
export async function deleteSessionsOf(identityId: number): Promise<void> {
  await db().delete(sessions).where(eq(sessions.identityId, identityId));
}
