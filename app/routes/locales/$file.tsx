import type { LoaderFunctionArgs } from "@remix-run/node";
import { translationAssetNamed } from "~/i18n/translation-assets.server";

/** GET /locales/{locale}.{hash}.json: a translations file, kept by the browser until its content changes. */
export async function loader({ params }: LoaderFunctionArgs) {
  const asset = translationAssetNamed(params.file);
  if (!asset) throw new Response(null, { status: 404 });
  return new Response(asset.body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
