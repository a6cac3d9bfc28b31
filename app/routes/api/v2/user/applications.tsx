import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLocale } from "~/i18n/locale";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiJson } from "~/api/replies.server";
import { SIGNED_IN } from "~/security/feature-rule";
import { userApplications } from "~/applications/launcher.server";

/** GET /api/v2/user/applications?language=xx (SPEC §7): data.applications in that language (default en). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiFeatures(request, SIGNED_IN);
  const language = new URL(request.url).searchParams.get("language") ?? "en";
  const applications = await userApplications(user, isLocale(language) ? language : "en");
  return apiJson({ data: { applications } });
}
