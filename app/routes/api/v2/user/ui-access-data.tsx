import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiJson } from "~/api/replies.server";
import { SIGNED_IN } from "~/security/feature-rule";

/** GET /api/v2/user/ui-access-data (SPEC §7): the caller's access data, by session cookie or bearer token. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiFeatures(request, SIGNED_IN);
  return apiJson(user.access);
}
