import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { refuseNonJsonBody } from "~/api/validation-reply.server";
import { db } from "~/db/client.server";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { confirmAttestation } from "~/security-review/security-review.server";

export async function loader() {
  return apiError(405, "Method Not Allowed");
}

/** PUT /api/v2/admin/attestation-review/update (SPEC §7, no body): the caller confirms the review is accurate. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, USERS_LIFECYCLE);
  await refuseNonJsonBody(request);
  return apiJson({ data: { reviewId: await confirmAttestation(db(), user) } });
}
