import { redirect } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { portalError } from "~/security/portal-error";
import type { Actor } from "~/permissions/actor";
import { satisfiesRule, type FeatureRule } from "~/security/feature-rule";
import { routeAccessFor } from "~/permissions/route-rules";
import {
  accessProfileFrom,
  actorFrom,
  type AccessProfile,
  type ProfileColumns,
} from "~/permissions/access-profile.server";
import { logger } from "~/logger.server";
import { oncePerRequest } from "~/server-context/request-scope.server";
import { rememberSignedInSession } from "~/server-context/signed-in-session.server";
import { accessFailureOutcome, tokenNeedsNewSignIn } from "./access-failure";
import { brandHostMismatch, isBrand3Host } from "./brand-host";
import { renewTokensIfDue } from "./token-renewal.server";
import { readSessionWithProfile, sessionStorage, type IdentityClaims } from "./session.server";
import type { SessionEndReason } from "./session-timeout";
import { signInNoticeCookie } from "./sign-in-notice.server";
import { db } from "~/db/client.server";
import { rescueFormPost } from "~/forms/form-rescue.server";
import { pathWithQuery } from "~/security/redirect-target";

/** The signed-in user: the acting user services see, plus the identity token's claims the shell shows. */
export interface PortalUser extends Actor {
  claims: IdentityClaims;
}

/** The request's user, or none and, when a time-out ended the session just now, why. */
type UserState = { user: PortalUser } | { user: null; ended?: SessionEndReason; endedIdentityId?: number };

/**
 * The request's user state. Computed once per HTTP request (the root and the page loaders share
 * it), keyed by the cookie it was read from.
 */
function userState(request: Request): Promise<UserState> {
  return oncePerRequest(`user:${request.headers.get("Cookie") ?? ""}`, () => loadUser(request));
}

/** The signed-in user with fresh access data, or null when signed out. */
export async function optionalUser(request: Request): Promise<PortalUser | null> {
  return (await userState(request)).user;
}

async function loadUser(request: Request): Promise<UserState> {
  const { session, profile: columns, ended, endedIdentityId, profileFailure } = await readSessionWithProfile(request);
  if (ended || endedIdentityId !== undefined) return { user: null, ended, endedIdentityId };
  const identityId = session.get("identityId");
  const claims = session.get("claims");
  if (typeof identityId !== "number" || !claims) return { user: null };

  await renewTokensIfDue(request, session);

  const config = getConfig();
  const onBrand3Host = isBrand3Host(new URL(request.url).host, config.BRAND3_HOST_MARKER);
  const read = accessProfileOrFailure(columns, profileFailure);
  if ("failure" in read) {
    logger.error({ err: read.failure, identityId }, "access data failed to load");
    if (tokenNeedsNewSignIn({ accessToken: session.get("accessToken"), scopes: session.get("scopes") })) {
      // SPEC §4 Token: clear the stored tokens and sign in again, back to this page, without an error page.
      logger.warn({ event: "okta_session", identityId }, "okta_session: tokens cleared, signing in again");
      throw redirect(`/login?returnTo=${encodeURIComponent(pathWithQuery(request))}`, {
        headers: { "Set-Cookie": await sessionStorage().destroySession(session) },
      });
    }
    const outcome = accessFailureOutcome({
      message: read.failure,
      hasEmployeeNumber: Boolean(claims.employeeNumber),
      onBrand3Host,
      dashboardUrl: config.IDP_DASHBOARD_URL,
    });
    if (outcome.kind === "redirect") throw redirect(outcome.to);
    throw portalError(500, "errors.accessDataFailed", outcome.details);
  }
  const { profile } = read;
  if (!profile) {
    // The identity was deactivated or removed: the session no longer stands.
    throw redirect("/", { headers: { "Set-Cookie": await sessionStorage().destroySession(session) } });
  }
  if (
    brandHostMismatch(
      onBrand3Host,
      profile.access.brands.map((b) => b.id),
    )
  ) {
    throw portalError(403, "errors.brandHostMismatch");
  }
  // A password change in this request keeps this session (and ends the user's others).
  rememberSignedInSession(session.id);
  return { user: portalUserFrom(identityId, claims, profile) };
}

/** The access profile built from the session's columns, or why it could not be had (the read failed, or its data). */
function accessProfileOrFailure(
  columns: ProfileColumns | null,
  readFailure: string | undefined,
): { profile: AccessProfile | null } | { failure: string } {
  if (readFailure !== undefined || !columns)
    return { failure: readFailure ?? "the session's access profile was not read" };
  try {
    return { profile: accessProfileFrom(columns) };
  } catch (error) {
    return { failure: error instanceof Error ? error.message : String(error) };
  }
}

/** The portal user of an identity, from its claims and access profile (sessions and bearer tokens alike). */
export function portalUserFrom(identityId: number, claims: IdentityClaims, profile: AccessProfile): PortalUser {
  return { ...actorFrom(identityId, profile), claims };
}

/**
 * The signed-in user; otherwise sign-in by redirect, remembering the original address. A session
 * a time-out ended goes there with the reason, for the sign-in page to explain.
 */
export async function requireUser(request: Request): Promise<PortalUser> {
  const state = await userState(request);
  if (state.user) return state.user;
  const headers = new Headers();
  if (state.ended) headers.append("Set-Cookie", await signInNoticeCookie(state.ended));
  if (request.method === "POST" && state.endedIdentityId !== undefined)
    await rescuePost(request, state.endedIdentityId);
  throw redirect(`/login?returnTo=${encodeURIComponent(pathWithQuery(request))}`, { headers });
}

/**
 * Issue #34: a form post that meets the session it outlived is kept for the same identity, to
 * find filled in after signing in again. Only plain forms (an upload's files must be chosen again);
 * a body that does not read is simply not kept.
 */
async function rescuePost(request: Request, identityId: number): Promise<void> {
  if (!request.headers.get("Content-Type")?.startsWith("application/x-www-form-urlencoded")) return;
  try {
    const form = await request.formData();
    await rescueFormPost(db(), identityId, pathWithQuery(request), form, getConfig().FORM_RESCUE_MINUTES);
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, "form rescue: post not kept");
  }
}

/** The signed-in user holding the rule's features; otherwise to /access-denied?from=… */
export async function requireFeatures(request: Request, rule: FeatureRule): Promise<PortalUser> {
  const user = await requireUser(request);
  if (!satisfiesRule(user.access.features, rule)) {
    throw redirect(`/access-denied?from=${encodeURIComponent(pathWithQuery(request))}`);
  }
  return user;
}

/** Checks the request's path against the route → rule table. Every guarded loader and action calls it. */
export async function requireRouteAccess(request: Request): Promise<PortalUser> {
  const entry = routeAccessFor(new URL(request.url).pathname);
  // A path the table does not know is not a page of the portal (the router found no route either).
  if (!entry) throw new Response("Not Found", { status: 404 });
  return requireFeatures(request, entry.access.rule);
}
