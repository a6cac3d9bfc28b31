import type { LoaderFunctionArgs } from "@remix-run/node";
import { translationAssetNamed } from "~/i18n/translation-assets.server";

/**
 * GET /locales/{locale}.{hash}.json: a translations file, kept by the browser until its content
 * changes, sent compressed at the highest level (once per file and coding).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const asset = translationAssetNamed(params.file);
  if (!asset) throw new Response(null, { status: 404 });
  const { encoding, body } = await asset.compressed(request.headers.get("Accept-Encoding") ?? undefined);
  return new Response(typeof body === "string" ? body : new Uint8Array(body), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    },
  });
}
