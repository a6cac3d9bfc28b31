/*
 * The API's errors as RFC 9457 problem details (issue #35 §5): a stable `type` per kind of error,
 * pointing at its entry on the reference page, a translated `title`, the `status`, the `detail`,
 * each field's messages in `errors`; and, alongside, today's `error` member the spec's client reads.
 */

/** The kinds of error the API answers, each with its status and its type's name. */
export const PROBLEMS = {
  invalidRequest: { status: 400, slug: "invalid-request" },
  validation: { status: 400, slug: "validation" },
  unauthorized: { status: 401, slug: "unauthorized" },
  forbidden: { status: 403, slug: "forbidden" },
  notFound: { status: 404, slug: "not-found" },
  methodNotAllowed: { status: 405, slug: "method-not-allowed" },
  conflict: { status: 409, slug: "conflict" },
  staleStamp: { status: 409, slug: "stale-stamp" },
  lengthRequired: { status: 411, slug: "length-required" },
  tooLarge: { status: 413, slug: "too-large" },
  unsupportedMediaType: { status: 415, slug: "unsupported-media-type" },
  tooManyRequests: { status: 429, slug: "too-many-requests" },
  serverError: { status: 500, slug: "server-error" },
  unavailable: { status: 503, slug: "unavailable" },
} as const;
export type ProblemKind = keyof typeof PROBLEMS;

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** The problem type's URI: its entry on the API reference page. */
export function problemTypeUri(kind: ProblemKind): string {
  return `/api/docs#problem-${PROBLEMS[kind].slug}`;
}

/** The kind of an error answer from its status, when the caller names none (a 409 is a conflict of the service's own). */
export function problemKindOf(status: number): ProblemKind {
  const found = (Object.keys(PROBLEMS) as ProblemKind[]).find(
    (kind) => PROBLEMS[kind].status === status && kind !== "validation" && kind !== "staleStamp",
  );
  return found ?? (status >= 500 ? "serverError" : "invalidRequest");
}

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: { detail: string; pointer: string }[];
  error: { message: string; fields?: Record<string, string[]>; currentStamp?: string };
}

/** A field's path (`roles.0`) as a JSON Pointer into the body (`/roles/0`). */
export function pointerOf(field: string): string {
  if (field === "_" || field === "") return "";
  return `/${field
    .split(".")
    .map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1"))
    .join("/")}`;
}

/** The body of an error answer: the problem details and today's `error` member alongside. */
export function problemDetails(
  kind: ProblemKind,
  title: string,
  detail: string,
  options: { status?: number; fields?: Record<string, string[]>; currentStamp?: string } = {},
): ProblemDetails {
  const errors = Object.entries(options.fields ?? {}).flatMap(([field, messages]) =>
    messages.map((message) => ({ detail: message, pointer: pointerOf(field) })),
  );
  return {
    type: problemTypeUri(kind),
    title,
    status: options.status ?? PROBLEMS[kind].status,
    detail,
    ...(errors.length ? { errors } : {}),
    error: {
      message: detail,
      ...(options.fields ? { fields: options.fields } : {}),
      ...(options.currentStamp ? { currentStamp: options.currentStamp } : {}),
    },
  };
}
