/*
 * SCIM's errors (RFC 7644 §3.12): the error schema, the HTTP status as a string, a `scimType`
 * for the 400s a client can act on, and a detail — a translation key here, said in the caller's
 * language when answered.
 */

export const SCIM_CONTENT_TYPE = "application/scim+json";
export const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

export type ScimType =
  | "invalidFilter"
  | "tooMany"
  | "uniqueness"
  | "mutability"
  | "invalidSyntax"
  | "invalidPath"
  | "noTarget"
  | "invalidValue"
  | "invalidVers"
  | "sensitive";

/** A refusal of a SCIM request; services and the pure rules throw it, the SCIM answer turns it into its body. */
export class ScimError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 412 | 413 | 415 | 429 | 501,
    /** The detail's translation key (`scim.errors.*`) and its values. */
    readonly key: string,
    readonly scimType?: ScimType,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** The body of a SCIM error, its detail already said. */
export function scimErrorBody(status: number, detail: string, scimType?: ScimType) {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}
