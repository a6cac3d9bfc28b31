import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLocale } from "~/i18n/locale";
import { translationAssetOf } from "~/i18n/translation-assets.server";
import { parseBrandId } from "~/theme/theme";

/** GET /public/translations/{brand}/{locale} (SPEC §7): messages with the brand's overrides merged. */
export async function loader({ params }: LoaderFunctionArgs) {
  if (!isLocale(params.locale)) return Response.json({ error: { message: "Unknown locale" } }, { status: 404 });
  const brand = parseBrandId(params.brand) ?? 1;
  return new Response(translationAssetOf(params.locale, brand).body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300, stale-while-revalidate=86400",
    },
  });
}
