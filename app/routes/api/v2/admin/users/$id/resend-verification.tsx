import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { apiIdParam } from "~/api/id-param.server";
import { jsonBody } from "~/api/validation-reply.server";
import { refusalReply } from "~/api/refusal-reply.server";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { localeOf, translatorFor } from "~/i18n/i18next.server";
import { USERS_EDIT } from "~/permissions/write-rules";
import { resendVerification } from "~/users/verification.server";

/** A read of this address: only its POST exists (405, like every API address's other methods). */
export async function loader() {
  return apiError(405, "Method Not Allowed");
}

/**
 * POST /api/v2/admin/users/{id}/resend-verification (`{}`): admin:users:edit or write; a new
 * 72-hour link replaces the old one. Another dealer's user is 404; a verified one is 409.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, USERS_EDIT);
  const id = apiIdParam(params.id);
  await jsonBody(request);
  const outcome = await resendVerification(db(), user, id, getConfig().PUBLIC_URL);
  if (outcome.kind === "missing") return apiError(404, "Not Found");
  const locale = await localeOf(request);
  if (outcome.kind === "verified") return refusalReply(locale, 409, "adminUsers.alreadyVerified");
  return apiJson({ message: translatorFor(locale)("adminUsers.verificationSent") });
}
