import { MAX_FILE_BYTES, MULTISELECT_OPTIONS_LIMIT } from "~/limits";

/**
 * Bounds on what a request may carry, checked before any parser sees the body (issue #30): a
 * parser that expands what it reads (a form field named `a[99999999]` becomes an array of that
 * length) or reads it whole into memory must never meet more than a form can legitimately hold.
 */

/** A page form: an announcement's 20,000-character content or 1,000 chosen options, encoded, fit well inside. */
export const MAX_PAGE_FORM_BYTES = 1024 * 1024;
/** An API write's JSON body. */
export const MAX_API_BODY_BYTES = 1024 * 1024;
/**
 * An upload: room for a file at the limit and as much again, so a file a little over the limit or
 * a second file still gets the page's own message; the upload parser counts the bytes again.
 */
export const MAX_UPLOAD_BODY_BYTES = 2 * MAX_FILE_BYTES + 1024 * 1024;
/** The identity provider's own forms (sign-in interactions, token requests) are small. */
export const MAX_PROVIDER_BODY_BYTES = 64 * 1024;

/** A form's fields: far above the largest form (a multiselect's 1,000 options and a few fields). */
export const MAX_FORM_FIELDS = 5_000;
/** A field's name (`translations.nl.displayName`, `roles[999]` …). */
export const MAX_FIELD_NAME_LENGTH = 200;
/** An index inside a field name stays below the largest list a form may post. */
export const MAX_FIELD_INDEX = MULTISELECT_OPTIONS_LIMIT - 1;
/** A JSON body's nesting: no API body nests more than a few levels. */
export const MAX_JSON_DEPTH = 32;

export type BodyKind = "page form" | "upload" | "api" | "provider";

/**
 * Which kind of body a path takes, and so its limit. `uploadPaths` are the pages that take a file
 * (the routes marked `takesFiles`): only these get the upload limit.
 */
export function bodyKindOf(path: string, uploadPaths: readonly string[] = []): BodyKind {
  // With JavaScript a form posts to its page's address + `.data` (Remix's single fetch).
  const lower =
    path
      .toLowerCase()
      .replace(/\.data$/, "")
      .replace(/\/+$/, "") || "/";
  if (lower.startsWith("/api/") || lower.startsWith("/scim/")) return "api";
  if (lower === "/oidc" || lower.startsWith("/oidc/")) return "provider";
  if (uploadPaths.includes(lower)) return "upload";
  return "page form";
}

const LIMITS: Record<BodyKind, number> = {
  "page form": MAX_PAGE_FORM_BYTES,
  upload: MAX_UPLOAD_BODY_BYTES,
  api: MAX_API_BODY_BYTES,
  provider: MAX_PROVIDER_BODY_BYTES,
};

export function bodyLimitOf(path: string, uploadPaths: readonly string[] = []): number {
  return LIMITS[bodyKindOf(path, uploadPaths)];
}

export interface BodyProblem {
  status: 411 | 413;
  /** Translation key of the message shown to the caller. */
  key: string;
}

/**
 * Whether a request's declared body is refused before it is read: longer than its path's limit
 * (413), or sent without a length (411: chunked, so its size is known only once it is all in;
 * browsers always declare a form's length). Node ends a body at its Content-Length, so the
 * declared length is the most that can arrive.
 */
export function bodySizeProblem(input: {
  path: string;
  uploadPaths?: readonly string[];
  contentLength?: string | null;
  transferEncoding?: string | null;
}): BodyProblem | null {
  const declared = input.contentLength ?? null;
  if (declared === null || declared === "") {
    return input.transferEncoding ? { status: 411, key: "refusals.lengthRequired" } : null;
  }
  const bytes = Number(declared);
  if (!Number.isSafeInteger(bytes) || bytes < 0) return { status: 413, key: "refusals.tooLarge" };
  return bytes > bodyLimitOf(input.path, input.uploadPaths) ? { status: 413, key: "refusals.tooLarge" } : null;
}

/** Every list index written inside a field name: `a[3].b[12]` → 3, 12 (the form parser reads only brackets as list positions). */
function indicesIn(name: string): number[] {
  return [...name.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
}

/**
 * Whether a form's field names can be read safely: at most MAX_FORM_FIELDS fields, names no
 * longer than MAX_FIELD_NAME_LENGTH, and no list index beyond the largest list a form posts —
 * the form parser builds an array as long as the largest index it meets.
 */
export function formFieldsReadable(names: Iterable<string>): boolean {
  let count = 0;
  for (const name of names) {
    count += 1;
    if (count > MAX_FORM_FIELDS || name.length > MAX_FIELD_NAME_LENGTH) return false;
    if (indicesIn(name).some((index) => index > MAX_FIELD_INDEX)) return false;
  }
  return true;
}

/**
 * Whether a JSON text nests deeper than `maxDepth` arrays and objects, read without parsing (and
 * without recursion), so a body nested thousands of levels deep is refused before anything walks it.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++;
      else if (char === 0x22) inString = false;
      continue;
    }
    if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return false;
}
