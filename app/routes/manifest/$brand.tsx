import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeOf } from "~/i18n/i18next.server";
import { manifestOf } from "~/pwa/brand-app";
import { parseBrandId } from "~/theme/theme";

/** GET /manifest/:brand — the web app manifest of one brand (issue #6 §1); the document links the active brand's. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const brandId = parseBrandId(params.brand);
  if (!brandId) throw new Response("Not Found", { status: 404 });
  return new Response(JSON.stringify(manifestOf(brandId, await localeOf(request))), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "private, max-age=3600",
      Vary: "Cookie, Accept-Language",
    },
  });
}
