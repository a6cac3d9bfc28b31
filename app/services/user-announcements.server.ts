import { db } from "~/db/client.server";
import type { PortalUser } from "~/auth/user.server";
import type { Locale } from "~/i18n/locale";
import { oncePerRequest } from "~/server-context/request-scope.server";
import { loadUserAnnouncements, type UserAnnouncements } from "./announcements.server";

/** The user's announcements, once per HTTP request (the shell's counts and home's feed share it). */
export function userAnnouncements(user: PortalUser, locale: Locale): Promise<UserAnnouncements> {
  return oncePerRequest(`announcements:${user.identityId}:${locale}`, () => loadUserAnnouncements(db(), user, locale));
}
