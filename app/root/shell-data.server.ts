import { randomBytes } from "node:crypto";
import { accountSecurityLink } from "~/account/routes";
import { changePasswordOnDemand } from "~/account-migration/routes";
import { securityReviewOnDemand } from "~/security-review/routes";
import { requestTimeZone } from "~/i18n/time-zone.server";
import { errorDetailsOf } from "~/auth/access-failure";
import { fallbackOnFailure } from "~/server-context/fallback-on-failure";
import { footerLinksFor, type FooterLinks } from "../shell/footer-links";
import { getConfig } from "~/config.server";
import { isBrand3Host } from "~/auth/brand-host";
import { optionalUser, type PortalUser } from "~/auth/user.server";
import { pathWithQuery } from "~/security/redirect-target";
import { takeFormRescue } from "~/forms/form-rescue.server";
import type { RescuedFields } from "~/forms/form-rescue";
import { routeAccessFor } from "~/permissions/route-rules";
import { sessionLimits } from "~/auth/session.server";
import { offlineKeyOf } from "~/auth/offline-key.server";
import { currentRequiredAction, type RequiredAction } from "~/required-actions/rules";
import { actorDirectoryLocations } from "~/directory/directory.server";
import {
  directoryContextOfAction,
  directoryReviewShowsOn,
  locationsToReview,
  type DirectoryContext,
  type DirectoryLocation,
} from "~/directory/rules";
import { migrationDataFor } from "~/account-migration/migration-data.server";
import type { MigrationData } from "~/account-migration/AccountMigrationModal";
import { attestationUsers } from "~/security-review/security-review.server";
import type { AttestationRow } from "~/security-review/rules";
import { db } from "~/db/client.server";
import { logger } from "~/logger.server";
import { cookieValue, type Locale } from "~/i18n/locale";
import type { Actor } from "~/permissions/actor";
import { localeOf } from "~/i18n/i18next.server";
import { translationAssetOf } from "~/i18n/translation-assets.server";
import { visibleAdminLinks, visibleMainLinks, type NavLink } from "~/navigation/admin-links";
import { F, isAnyAdmin } from "~/permissions/features";
import { resolveTheme, THEME_COOKIE, type BrandId } from "~/theme/theme";
import { messagesFor } from "~/i18n/messages";
import { REGION_ORDER, userApplications } from "~/applications/launcher.server";
import { adminApplicationsByRegion } from "~/applications/launcher";
import { unreadSummary } from "~/announcements/announcements.server";
import { userAnnouncements } from "~/announcements/user-announcements.server";

export interface ShellUser {
  name: string;
  email: string;
  organization: string;
  brands: { id: number; name: string }[];
  /** The header's Admin menu (SPEC §2), for any-admin users: the regions' admin applications and the portal's own screens. */
  adminMenu: AdminMenu | null;
  mainLinks: NavLink[];
  /** The My applications dropdown: names and links only. */
  applications: { id: string; name: string; link: string }[];
  /** Unread announcements per brand (brand switcher) and in all (the change-brands badge). */
  unreadByBrand: Record<number, number>;
  unreadTotal: number;
  canOpenPreferences: boolean;
  /** SPEC §6 feature:dev entries of the profile menu: the security review and change password, opened on demand. */
  onDemand: { securityReview: boolean; changePassword: boolean };
  showPasswordSecurity: boolean;
  /** The footer's feature:dev links for the theme (configuration), or none. */
  footerLinks: FooterLinks | null;
  /** The required action the portal asks for now (SPEC §4), which opens its modal. */
  requiredAction: RequiredAction | null;
  /** The account migration modal's data, while the changePassword action stands. */
  migration: MigrationData | null;
  /** The security review's users, while the adminAttestation action stands. */
  securityReview: AttestationRow[] | null;
  /** Why the security review's users could not be read (SPEC §8: the modal's banner; it becomes closable). */
  securityReviewFailure?: string;
  /** The directory review modal's locations, while a directory review stands (its context and list). */
  directoryReview: { context: DirectoryContext; locations: DirectoryLocation[]; loadFailure?: "failed" } | null;
  /** A post of this page that met the user's ended session, to fill the form in again (issue #34). */
  formRescue: RescuedFields | null;
  /** Whose posts of the offline queue this page shows and sends (the offline key, issue #34 §2). */
  queueOwner: string;
  /** The idle limit the time-out warning counts down to, and whether it shows the mm:ss countdown. */
  sessionTimeout: { idleMs: number; countdown: boolean };
}

export interface AdminMenu {
  regions: { regionCode: string | null; applications: { id: string; name: string; link: string }[] }[];
  portal: NavLink[];
}

export interface ShellData {
  locale: Locale;
  /** The seed of this answer's forms' one-time keys (issue #34): new with every answer. */
  formKeySeed: string;
  /** The time zone the page's dates and times are in (issue #33). */
  timeZone: string;
  /** The address of the page's translations file (locale and brand). */
  translations: string;
  /** The brand's English file, which stands in when the page's own cannot be fetched (SPEC §8). */
  englishTranslations: string;
  theme: BrandId;
  themeBrandName: string;
  companyName: string;
  year: number;
  accountSecurityUrl: string;
  user: ShellUser | null;
}

/** The theme for a request, given the user's brands when signed in. */
export function themeOf(request: Request, accessibleBrandIds?: readonly number[]): BrandId {
  const url = new URL(request.url);
  return resolveTheme({
    queryBrand: url.searchParams.get("brand"),
    cookieBrand: cookieValue(request.headers.get("Cookie"), THEME_COOKIE),
    onBrand3Host: isBrand3Host(url.host, getConfig().BRAND3_HOST_MARKER),
    accessibleBrandIds,
  });
}

/** The directory review a directory required action opens over every page: the locations to fix. */
async function directoryReviewOf(
  request: Request,
  user: PortalUser,
  action: RequiredAction | null,
): Promise<ShellUser["directoryReview"]> {
  const context = directoryContextOfAction(action);
  if (!context || !directoryReviewShowsOn(new URL(request.url).pathname)) return null;
  return fallbackOnFailure(
    async () => ({ context, locations: locationsToReview(await actorDirectoryLocations(db(), user, context)) }),
    // SPEC §8: the review shows "Failed to fetch dealer location data"; the page itself still renders.
    () => ({ context, locations: [], loadFailure: "failed" as const }),
    (message) => logger.error({ err: message, context }, "directory review: list failed"),
  );
}

/** The security review's users, or — when they cannot be read — none and the failure's message (the page still renders). */
function securityReviewOf(
  user: PortalUser,
  action: RequiredAction | null,
): Promise<Pick<ShellUser, "securityReview" | "securityReviewFailure">> {
  if (action !== "adminAttestation") return Promise.resolve({ securityReview: null });
  return fallbackOnFailure(
    async () => ({ securityReview: await attestationUsers(db(), user) }),
    (message) => ({ securityReview: [], securityReviewFailure: errorDetailsOf(message) }),
    (message) => logger.error({ err: message, identityId: user.identityId }, "security review: users failed to load"),
  );
}

/** The user's rescued post of this page, taken, where the page's form fills itself in from it. */
async function formRescueOf(request: Request, user: PortalUser): Promise<RescuedFields | null> {
  if (request.method !== "GET" || !routeAccessFor(new URL(request.url).pathname)?.access.rescuesForms) return null;
  return takeFormRescue(db(), user.identityId, pathWithQuery(request));
}

/**
 * A user's menus in the header and the footer: the Admin menu (their admin applications and
 * portal screens), the main entries, their applications and the footer's links. The preview as a
 * user (issue #39 §2) shows another user's with the same function.
 */
export async function menusOf(actor: Actor, locale: Locale, theme: number) {
  const features = actor.access.features;
  const applications = await userApplications(actor, locale, theme);
  return {
    adminMenu: isAnyAdmin(features)
      ? {
          regions: adminApplicationsByRegion(applications, REGION_ORDER).map((region) => ({
            regionCode: region.regionCode,
            applications: region.items.map(({ id, name, link }) => ({ id, name, link })),
          })),
          portal: visibleAdminLinks(features),
        }
      : null,
    mainLinks: visibleMainLinks(features),
    applications: applications.map(({ id, name, link }) => ({ id, name, link })),
    footerLinks: features.includes(F.dev) ? footerLinksFor(getConfig(), theme) : null,
  };
}

/** What the document shell shows: locale, theme and the signed-in user's menus. */
export async function loadShellData(request: Request): Promise<ShellData> {
  const config = getConfig();
  const locale = await localeOf(request);
  const user = await optionalUser(request);
  const theme = themeOf(
    request,
    user?.access.brands.map((b) => b.id),
  );
  // The brand's own texts come from the translations' brand overrides, as the browser's file has them.
  const { brand } = messagesFor(locale, theme);
  const features = user?.access.features ?? [];
  const unread = user ? unreadSummary(user, await userAnnouncements(user, locale)) : null;
  const requiredAction = user ? currentRequiredAction(user.access.requiredActions) : null;
  const menus = user ? await menusOf(user, locale, theme) : null;
  return {
    locale,
    formKeySeed: randomBytes(18).toString("base64url"),
    timeZone: requestTimeZone(request, user),
    translations: translationAssetOf(locale, theme).href,
    englishTranslations: translationAssetOf("en", theme).href,
    theme,
    themeBrandName: brand.name,
    companyName: brand.company,
    year: new Date().getFullYear(),
    accountSecurityUrl: accountSecurityLink(config.embeddedIdp, config.ACCOUNT_SECURITY_URL),
    user: user && {
      name: user.claims.name ?? user.claims.email ?? "",
      email: user.claims.email ?? "",
      organization: user.claims.org ?? "",
      brands: user.access.brands,
      ...menus!,
      unreadByBrand: unread?.byBrand ?? {},
      unreadTotal: unread?.total ?? 0,
      canOpenPreferences: features.includes(F.serialNumberPresent),
      onDemand: {
        securityReview: securityReviewOnDemand(features),
        changePassword: changePasswordOnDemand(features),
      },
      showPasswordSecurity: user.userType === "external",
      requiredAction,
      migration: requiredAction === "changePassword" ? migrationDataFor(user, locale) : null,
      ...(await securityReviewOf(user, requiredAction)),
      directoryReview: await directoryReviewOf(request, user, requiredAction),
      sessionTimeout: { idleMs: sessionLimits().idleMs, countdown: config.SESSION_COUNTDOWN === "true" },
      formRescue: await formRescueOf(request, user),
      queueOwner: offlineKeyOf(user.identityId),
    },
  };
}
