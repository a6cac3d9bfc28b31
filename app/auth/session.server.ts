import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";

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

function buildStorage() {
  const config = getConfig();
  const cookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: cookieSecure(),
    path: "/",
    secrets: [config.SESSION_SECRET],
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return createSessionStorage<SessionData>({
    cookie,
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
      if (!row) return null;
      if (row.expiresAt.getTime() < Date.now()) {
        await db().delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (lastSeenIsDue(row.lastSeenAt, new Date())) {
        await db().update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
      }
      return row.data as Partial<SessionData>;
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
