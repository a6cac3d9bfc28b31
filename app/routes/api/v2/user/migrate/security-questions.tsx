import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiJson } from "~/api/replies.server";
import { SIGNED_IN } from "~/security/feature-rule";
import { localeOf, translatorFor } from "~/i18n/i18next.server";
import { isLocale } from "~/i18n/locale";
import { securityQuestionsIn } from "~/account-migration/questions";

/** GET /api/v2/user/migrate/security-questions?language= (SPEC §7): `data.items` of key and value, in that language. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiFeatures(request, SIGNED_IN);
  const language = new URL(request.url).searchParams.get("language");
  const locale = isLocale(language) ? language : await localeOf(request);
  return apiJson({ data: { items: securityQuestionsIn(translatorFor(locale)) } });
}
