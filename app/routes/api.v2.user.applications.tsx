import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLocale } from "~/i18n/locale";
import { optionalUser } from "~/auth/user.server";
import { userApplications } from "~/services/launcher.server";

/** GET /api/v2/user/applications?language=xx (SPEC §7): data.applications in that language (default en). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await optionalUser(request);
  if (!user) return Response.json({ error: { message: "Unauthorized" } }, { status: 401 });
  const language = new URL(request.url).searchParams.get("language") ?? "en";
  const locale = isLocale(language) ? language : "en";
  const applications = await userApplications(user, locale);
  return Response.json({ data: { applications } }, { headers: { "Cache-Control": "private, no-store" } });
}
