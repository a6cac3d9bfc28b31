import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiJson } from "~/api/replies.server";
import { db } from "~/db/client.server";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { attestationUsers } from "~/security-review/security-review.server";

/** GET /api/v2/admin/attestation-review/users (SPEC §7): `data.users`, by days since login descending. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiFeatures(request, USERS_LIFECYCLE);
  return apiJson({ data: { users: await attestationUsers(db(), user) } });
}
