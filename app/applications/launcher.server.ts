import { db } from "~/db/client.server";
import { launcherAdminLinks } from "~/navigation/admin-links";
import { ADMIN_CATEGORY, groupLauncher, type Launcher, type LauncherItem } from "~/applications/launcher";
import type { Actor } from "~/permissions/actor";
import type { Locale } from "~/i18n/locale";
import { translatorFor } from "~/i18n/i18next.server";
import { oncePerRequest } from "~/server-context/request-scope.server";
import { currentCatalogueOrLastLoaded } from "~/server-context/catalogue-cache.server";
import { logger } from "~/logger.server";
import {
  APPLICATIONS_CATALOGUE,
  applicationCatalogue,
  applicationsForSubject,
  targetingSubjectOf,
} from "./applications.server";

/** Regions in the order the launcher shows them. */
export const REGION_ORDER = ["NA", "EMEA", "APAC"] as const;

/**
 * The user's applications in their language, of the theme brand when given (once per HTTP request:
 * home and the header share it).
 */
export function userApplications(actor: Actor, locale: Locale, themeBrand?: number): Promise<LauncherItem[]> {
  return oncePerRequest(`applications:${actor.identityId}:${locale}:${themeBrand ?? "all"}`, async () => {
    const catalogue = await currentCatalogueOrLastLoaded(
      db(),
      APPLICATIONS_CATALOGUE,
      () => applicationCatalogue(db()),
      [],
      (message) => logger.error({ err: message, identityId: actor.identityId }, "applications failed to load"),
    );
    return applicationsForSubject(catalogue, targetingSubjectOf(actor), locale, themeBrand);
  });
}

/** The My applications launcher of the theme brand: its applications plus the admin links of SPEC §6, grouped. */
export async function launcherFor(actor: Actor, locale: Locale, themeBrand: number): Promise<Launcher> {
  const t = translatorFor(locale);
  const adminItems: LauncherItem[] = launcherAdminLinks(actor.access.features).map((link, index) => ({
    id: `admin:${link.to}`,
    name: t(link.labelKey),
    description: "",
    link: link.to,
    regionCode: null,
    categories: [ADMIN_CATEGORY],
    sortOrder: index,
  }));
  return groupLauncher([...(await userApplications(actor, locale, themeBrand)), ...adminItems], REGION_ORDER);
}
