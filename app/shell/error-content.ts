import { isRouteErrorResponse } from "@remix-run/react";
import { isRequestId } from "~/server-context/request-id-shape";

/** What the error page says: title and text keys, the details line, and whether it is the server's fault. */
export interface ErrorContent {
  titleKey: string;
  textKey: string;
  /** SPEC §8: the access data failure shows the error's message as details. */
  details: string | null;
  serverError: boolean;
  /** The reference a thrown answer carries (the database outage's 503): shown as a server error's is. */
  reference?: string;
}

/** A portal error's key and details from a thrown response's body (parsed, or still JSON text). */
type PortalErrorBody = { key?: unknown; details?: unknown; reference?: unknown };
function portalErrorBody(data: unknown): PortalErrorBody | null {
  if (data && typeof data === "object") return data as PortalErrorBody;
  if (typeof data !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === "object" ? (parsed as PortalErrorBody) : null;
  } catch {
    // a plain text body: keep the generic text, never show internals
    return null;
  }
}

/**
 * Decides the error page's content for what a route threw: offline (the device, issue #6 §2),
 * "Page not found", a portal error by its translation key with its details, or the generic text
 * (an unexpected error never shows its message or stack).
 */
/**
 * Whether the error is the browser being offline: only a browser knows (Node 22+ has a navigator
 * too, without onLine), and only with the shell known (its page's data could not be fetched).
 */
export function browserIsOffline(shellKnown: boolean): boolean {
  return shellKnown && typeof window !== "undefined" && window.navigator.onLine === false;
}

export function errorContentOf(error: unknown, offline: boolean): ErrorContent {
  if (offline) return { titleKey: "offline.title", textKey: "offline.text", details: null, serverError: false };
  const generic: ErrorContent = {
    titleKey: "errors.title",
    textKey: "errors.generic",
    details: null,
    serverError: true,
  };
  if (!isRouteErrorResponse(error)) return generic;
  const serverError = error.status >= 500;
  if (error.status === 404) return { titleKey: "notFound.title", textKey: "notFound.text", details: null, serverError };
  const body = portalErrorBody(error.data);
  return {
    ...generic,
    // A 503 is the portal waiting for something (its database), not a fault: "Temporarily unavailable".
    ...(error.status === 503 ? { titleKey: "problems.unavailable" } : {}),
    textKey: typeof body?.key === "string" && body.key ? body.key : generic.textKey,
    details: typeof body?.details === "string" && body.details ? body.details : null,
    serverError,
    ...(isRequestId(body?.reference) ? { reference: body.reference } : {}),
  };
}
