import { getConfig } from "~/config.server";
import { THEME_COOKIE } from "./theme";

/** The theme cookie: readable by the server on every request, so the page renders themed with no flash. */
export function themeCookieHeader(brandId: number): string {
  const secure = getConfig().PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return `${THEME_COOKIE}=${brandId}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure}`;
}
