import type { LoaderFunctionArgs } from "@remix-run/node";
import { accessDataForApiRequest } from "~/auth/api-auth.server";

/** GET /api/v2/user/ui-access-data (SPEC §7): the caller's access data, by session cookie or bearer token. */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await accessDataForApiRequest(request);
  if (!access) {
    return Response.json({ error: { message: "Unauthorized" } }, { status: 401, headers: { "WWW-Authenticate": "Bearer" } });
  }
  return Response.json(access, { headers: { "Cache-Control": "private, no-store" } });
}
