import { hasActiveOrganization } from "~/permissions/access-data";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { getConfig } from "~/config.server";
import { partnerPortalRedirectApplies, partnerPortalRoles } from "~/auth/partner-portal";
import { titleMeta } from "~/shell/page-title";
import { LauncherView } from "~/applications/components/LauncherView";
import { launcherFor } from "~/applications/launcher.server";
import { localeOf } from "~/i18n/i18next.server";
import { AnnouncementFeed } from "~/announcements/components/AnnouncementFeed";
import { acknowledgeAnnouncement, feedForBrand, markAnnouncementRead } from "~/announcements/announcements.server";
import { userAnnouncements } from "~/announcements/user-announcements.server";
import { themeOf } from "~/root/shell-data.server";
import { announcementReadSchema } from "~/announcements/read-schema";
import { db } from "~/db/client.server";
import { readFormData } from "~/security/form-body.server";

export const meta = titleMeta("home.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const locale = await localeOf(request);
  const brand = themeOf(
    request,
    user.access.brands.map((b) => b.id),
  );
  const feed = feedForBrand(user, await userAnnouncements(user, locale), brand);
  return {
    noOrganization: !hasActiveOrganization(user.access),
    feed,
    view: new URL(request.url).searchParams.get("announcements") === "read" ? ("read" as const) : ("unread" as const),
    launcher: await launcherFor(user, locale, brand),
    firstName: (user.claims.name ?? "").split(" ")[0] || user.claims.email || "",
    partnerPortalUrl: partnerPortalRedirectApplies(
      user.claims.passportWebRoles,
      partnerPortalRoles(getConfig().PARTNER_PORTAL_ROLES),
    )
      ? getConfig().PARTNER_PORTAL_URL
      : null,
  };
}

/** Mark read or acknowledge: the announcement must be one the user sees (and, to acknowledge, one asking for it). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  const submission = parseWithZod(await readFormData(request), { schema: announcementReadSchema });
  if (submission.status !== "success") return redirect("/");
  const mark = submission.value.intent === "acknowledge" ? acknowledgeAnnouncement : markAnnouncementRead;
  await mark(db(), user, submission.value.announcementId, await localeOf(request));
  return redirect(`/?announcements=${submission.value.view ?? "unread"}`);
}

export default function Home() {
  const { firstName, partnerPortalUrl, noOrganization, launcher, feed, view } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  useEffect(() => {
    // SPEC §2: partner-portal users go to the CRM portal's single sign-on, unless the URL has a hash.
    if (partnerPortalUrl && !window.location.hash) window.location.replace(partnerPortalUrl);
  }, [partnerPortalUrl]);
  return (
    <div className="page">
      <h1>{t("home.welcome", { name: firstName })}</h1>
      <p className="lead">{t("home.intro")}</p>
      {partnerPortalUrl && (
        <p>
          {t("home.partnerPortal")} <a href={partnerPortalUrl}>{t("home.partnerPortalLink")}</a>
        </p>
      )}
      {noOrganization ? (
        // Nothing to launch or read without an organization: the reason, not empty lists.
        <p className="notice notice--warning" role="alert">
          {t("errors.noOrganizationAssigned")}
        </p>
      ) : (
        <>
          <section aria-labelledby="my-applications" className="home__launcher">
            <h2 id="my-applications">{t("nav.myApplications")}</h2>
            <LauncherView launcher={launcher} headingLevel={3} />
          </section>
          <AnnouncementFeed unread={feed.unread} read={feed.read} view={view} />
        </>
      )}
    </div>
  );
}
