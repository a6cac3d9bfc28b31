import { portalError } from "~/security/portal-error";
import { formFieldsReadable } from "./body-limits";
import { claimFormKey } from "./form-key.server";

/**
 * A parsed form that is safe to hand to the form parser and the database: its field names within
 * bounds (a name like `a[99999999]` would make the parser build an array that long), and no NUL
 * (PostgreSQL refuses NUL in text). Anything else is a 400.
 */
function checked(form: FormData): FormData {
  if (!formFieldsReadable(form.keys())) throw portalError(400, "errors.badRequest");
  for (const [, value] of form)
    if (typeof value === "string" && value.includes("\u0000")) throw portalError(400, "errors.badRequest");
  return form;
}

/** Fields every form may carry besides its schema's: the action's intent and Conform's own (`__intent__` …). */
const COMMON_FIELD = /^(?:intent$|__)/;

/**
 * The fields a form owns, and no others: a page that shows a submission again (the sign-in page,
 * an editor with its errors) echoes only what it asked for. A field is owned when the part of its
 * name before any `.` or `[` is a key of the schema's object (a list or a group of that field).
 * A schema that is not an object (a transformed one) keeps every field: they are bounded anyway.
 */
export function ownFields(form: FormData, schema: unknown): FormData {
  const shape = (schema as { shape?: unknown } | null)?.shape;
  if (!shape || typeof shape !== "object") return form;
  const own = new FormData();
  for (const [name, value] of form) {
    const root = /^[^.[]*/.exec(name)?.[0] ?? name;
    if (Object.hasOwn(shape, root) || COMMON_FIELD.test(name)) own.append(name, value);
  }
  return own;
}

/**
 * The form of a post, read once for every action (uploads pass their streaming multipart parser):
 * a body that does not parse as a form (a broken multipart part), whose field names are out of
 * bounds, or that carries a NUL is a 400
 * with a translated message, never a 500; a Response the parser throws (413) stands. The server
 * refuses other body types (415) before a route is reached.
 */
export async function readFormData(
  request: Request,
  parse: (request: Request) => Promise<FormData> = (r) => r.formData(),
): Promise<FormData> {
  let form: FormData;
  try {
    form = await parse(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    throw portalError(400, "errors.badRequest");
  }
  const safe = checked(form);
  await claimFormKey(request, safe);
  return safe;
}
