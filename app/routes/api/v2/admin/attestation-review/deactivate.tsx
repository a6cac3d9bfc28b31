import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { disableAccounts } from "~/security-review/security-review.server";
import { disableAccountsSchema } from "~/security-review/schema";

export async function loader() {
  return apiError(405, "Method Not Allowed");
}

/**
 * PUT /api/v2/admin/attestation-review/deactivate `{ identityIds }` (SPEC §7): disables the
 * selected accounts the caller manages (every session ends); the caller's own is refused.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, USERS_LIFECYCLE);
  const parsed = disableAccountsSchema.safeParse(await jsonBody(request));
  if (!parsed.success) return validationReply(parsed.error, await localeOf(request));
  return apiJson({ data: await disableAccounts(db(), user, parsed.data.identityIds) });
}
