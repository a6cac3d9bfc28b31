import { db } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import type { Locale } from "~/i18n/locale";
import { logger } from "~/logger.server";
import { fallbackOnFailure } from "~/server-context/fallback-on-failure";
import { oncePerRequest } from "~/server-context/request-scope.server";
import { currentCatalogue } from "~/server-context/catalogue-cache.server";
import {
  ANNOUNCEMENTS_CATALOGUE,
  loadUserAnnouncements,
  unexpiredAnnouncements,
  type UserAnnouncements,
} from "./announcements.server";

/** The user's announcements, once per HTTP request (the shell's counts and home's feed share it). */
export function userAnnouncements(actor: Actor, locale: Locale): Promise<UserAnnouncements> {
  return oncePerRequest(`announcements:${actor.identityId}:${locale}`, () =>
    fallbackOnFailure(
      async () => {
        const now = new Date();
        // The cached candidates may hold some that expired since they were read: the live check drops them.
        const candidates = await currentCatalogue(db(), ANNOUNCEMENTS_CATALOGUE, () =>
          unexpiredAnnouncements(db(), now),
        );
        return loadUserAnnouncements(db(), actor, locale, now, undefined, candidates);
      },
      () => ({ visible: [], readIds: new Set<number>(), acknowledgedIds: new Set<number>() }),
      (err) => logger.error({ err, identityId: actor.identityId }, "announcements failed to load"),
    ),
  );
}
