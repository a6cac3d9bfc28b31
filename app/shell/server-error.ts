import { isRouteErrorResponse } from "@remix-run/react";

/**
 * A readable status and message for anything a route threw: Remix's own error responses (a 405
 * for a post to a page without an action) are objects, which a log line would print as
 * `[object Object]`.
 */
export function describeServerError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === "string" ? error.data : error.data?.message;
    return {
      status: error.status,
      message: [`${error.status} ${error.statusText}`.trim(), detail].filter(Boolean).join(": "),
    };
  }
  if (error instanceof Response) return { status: error.status, message: `${error.status} ${error.statusText}`.trim() };
  if (error instanceof Error) return { status: 500, message: error.message };
  return { status: 500, message: typeof error === "string" ? error : (JSON.stringify(error) ?? String(error)) };
}
