import { portalError } from "~/shell/portal-error";

/** A parsed form whose values may reach the database: PostgreSQL refuses NUL in text, so a NUL is a 400. */
function withoutNul(form: FormData): FormData {
  for (const [, value] of form)
    if (typeof value === "string" && value.includes("\u0000")) throw portalError(400, "errors.badRequest");
  return form;
}

/**
 * The form of a post, read once for every action (uploads pass their streaming multipart parser):
 * a body that does not parse as a form (a broken multipart part) or that carries a NUL is a 400
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
  return withoutNul(form);
}
