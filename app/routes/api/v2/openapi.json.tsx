import { portalOpenApiDocument } from "~/assembly/api-operations";

/** GET /api/v2/openapi.json (issue #35): the API's OpenAPI 3.1 contract, generated from the routes' schemas; no sign-in. */
export function loader() {
  return Response.json(portalOpenApiDocument(), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
