/** A request id a proxy may hand on: letters, digits and . _ - only, so it is safe in a header and a log line. */
export const HANDED_ON_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Whether a value has the shape of a request id (the portal's own or one a proxy handed on): safe to show on a page. */
export function isRequestId(value: unknown): value is string {
  return typeof value === "string" && HANDED_ON_ID.test(value);
}
