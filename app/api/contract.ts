import { z } from "zod";
import type { FeatureRule } from "~/security/feature-rule";
import { PROBLEM_CONTENT_TYPE } from "~/api/problems";
import { LOCALES } from "~/i18n/locale";

/*
 * The API's contract (issue #35): each domain describes its /api/v2 operations here, with the same
 * Zod schemas its routes validate with; app/api/openapi.ts turns them into the OpenAPI 3.1
 * document, which is never written by hand.
 */

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** One answer an operation can give: what it means and, for JSON, its body's schema. */
export interface ApiReply {
  description: string;
  /** The body's schema (application/json); none for an empty answer (204). */
  schema?: z.ZodType;
  example?: unknown;
  /** Response headers: name → description (their values are strings). */
  headers?: Record<string, string>;
  /** The body's media type: application/json unless said (errors are application/problem+json). */
  mediaType?: string;
}

export type ApiStatus = 200 | 201 | 204 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export interface ApiOperation {
  method: HttpMethod;
  /** The OpenAPI path: `/api/v2/announcements/{id}`. */
  path: string;
  operationId: string;
  /** The domain it belongs to (the document's tag). */
  tag: ApiTag;
  summary: string;
  description?: string;
  /** The features a caller needs (a signed-in person's, or a machine client's scopes). */
  rule: FeatureRule;
  /** Answered without a caller: no 401 or 403. */
  public?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the operation reads (If-Match). */
  requestHeaders?: z.ZodObject;
  /**
   * One record with an edit stamp: a read answers its ETag, a write takes If-Match as the stamp it
   * was read with (issue #35 §5; the body's `updatedAt` wins).
   */
  stamped?: boolean;
  /** The JSON body, with the schema the route validates it with. */
  body?: z.ZodType;
  bodyExample?: unknown;
  /** The answers of the operation's own; the answers every operation can give are added (apiOperation). */
  replies: Partial<Record<ApiStatus, ApiReply>>;
}

export const API_TAGS = {
  api: "The API's own contract",
  user: "The signed-in user: profile, applications, notifications, access data",
  announcements: "Announcements: the management list and records, their definitions",
  emails: "E-mail preferences' definitions",
  accountMigration: "Account migration (SPEC §4): LDAP and security questions",
  users: "User administration within the caller's locations",
  securityRoles: "Security roles (portal-wide catalogue)",
  permissionSets: "Permission sets (portal-wide catalogue)",
  securityReview: "The periodic security review (attestation)",
  directory: "The dealer directory's data and its review",
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** Every error answer of the API: problem details (RFC 9457, app/api/problems.ts) with today's `error` member alongside. */
export const apiErrorSchema = z
  .object({
    type: z.string().meta({ description: "The problem's type: its entry on /api/docs (stable per kind of error)." }),
    title: z.string().meta({ description: "The problem's title, in the caller's language." }),
    status: z.number().int(),
    detail: z.string(),
    errors: z
      .array(z.object({ detail: z.string(), pointer: z.string() }).strict())
      .optional()
      .meta({ description: "Each field's messages, with a JSON Pointer into the body." }),
    error: z
      .object({
        message: z.string(),
        fields: z.record(z.string(), z.array(z.string())).optional(),
        currentStamp: z.string().optional(),
      })
      .strict()
      .meta({ description: "The same, as the API answered before problem details (SPEC §7's client reads it)." }),
  })
  .strict();

const error = (description: string, headers?: Record<string, string>): ApiReply => ({
  description,
  schema: apiErrorSchema,
  mediaType: PROBLEM_CONTENT_TYPE,
  headers,
});

/** The answers any operation can give, whatever it does. */
const EVERY_OPERATION: Partial<Record<ApiStatus, ApiReply>> = {
  400: error("The request is malformed: its address does not decode, or its body does not fit the schema."),
  401: error("No session and no valid bearer token.", { "WWW-Authenticate": "The scheme to authenticate with." }),
  403: error("The caller lacks the features this operation needs, or the write came from another site."),
  429: error("Too many requests from this address or caller; retry after the time given.", {
    "Retry-After": "Seconds to wait before the next request.",
  }),
};

/** The answers of any write that takes a body. */
const EVERY_WRITE: Partial<Record<ApiStatus, ApiReply>> = {
  413: error("The body is larger than the API takes."),
  415: error("The body is not application/json."),
};

/** Named answers an operation picks: the record or address is not there, a stale stamp. */
export const notFound = (what = "the record"): ApiReply =>
  error(`Not found: ${what} does not exist or is not the caller's to see.`);
export const staleStamp = (): ApiReply =>
  error("The record changed since it was read: nothing was saved; the body carries the current stamp.");
export const refused = (why: string): ApiReply => error(why);
export const unavailable = (what: string): ApiReply => error(`${what} could not be loaded; try again later.`);

/** A write's answers: any body may be too large; one that takes a body (or refuses one) may be of the wrong type. */
function writeReplies(operation: ApiOperation): Partial<Record<ApiStatus, ApiReply>> {
  return operation.method === "delete" && !operation.body ? { 413: EVERY_WRITE[413] } : EVERY_WRITE;
}

/** An operation with the answers every operation (and every write) can give. */
export function apiOperation(operation: ApiOperation): ApiOperation {
  const writes = operation.method !== "get";
  const common = { ...EVERY_OPERATION };
  if (operation.public) {
    delete common[401];
    delete common[403];
  }
  const replies = { ...common, ...(writes ? writeReplies(operation) : {}), ...operation.replies };
  if (operation.stamped && replies[200])
    replies[200] = {
      ...replies[200],
      headers: { ...replies[200].headers, ETag: "The record's edit stamp (`updatedAt`), quoted." },
    };
  const requestHeaders =
    operation.stamped && (operation.method === "put" || operation.method === "patch")
      ? z.object({
          "If-Match": z.string().optional().meta({
            description: "The ETag the record was read with: its edit stamp, when the body names no `updatedAt`.",
          }),
        })
      : operation.requestHeaders;
  return { ...operation, ...(requestHeaders ? { requestHeaders } : {}), replies };
}

/** `{ data: … }`: how every successful JSON answer of the API wraps its payload. */
export function dataOf<T extends z.ZodType>(payload: T) {
  return z.object({ data: payload });
}

/** A page of a list: its items, the total and the page. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
    totalCapped: z.boolean().optional().meta({
      description:
        "Present and true when the count stopped at `total`: there are more items (a whole dealer network's users, ADR 42); narrow the search to count them.",
    }),
  });
}

/** A record id in the address. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]*$/)
    .meta({ description: "The record's id." }),
});

/** The `language` query of a read in the caller's language (else the request's own). */
export const languageQuery = z.object({
  language: z
    .string()
    .optional()
    .meta({ description: `The language, one of ${LOCALES.join(", ")}; otherwise the request's own.` }),
});
