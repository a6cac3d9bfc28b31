import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { localeOf, translatorFor } from "~/i18n/i18next.server";
import { requiredIdParam } from "~/navigation/id-param";
import { hasActiveOrganization } from "~/permissions/access-data";
import { launcherFor } from "~/applications/launcher.server";
import { LauncherView } from "~/applications/components/LauncherView";
import { feedForBrand } from "~/announcements/announcements.server";
import { userAnnouncements } from "~/announcements/user-announcements.server";
import { AnnouncementFeed } from "~/announcements/components/AnnouncementFeed";
import { menusOf, themeOf } from "~/root/shell-data.server";
import { titleMeta } from "~/shell/page-title";
import { useTranslation } from "~/translate/react";
import { ReadOnly } from "~/ui/read-only";
import { previewSubject } from "~/users/preview.server";
import { toUser } from "~/users/routes";
import { oncePerRequest, primeRequestValue } from "~/server-context/request-scope.server";
import { PreviewMenus } from "./PreviewMenus";

export const meta = titleMeta("preview.pageTitle");

/** Marks the request whose post the preview refused (its loader runs after the action, in the same request). */
const REFUSED_POST = "preview:refused-post";

/**
 * Issue #39 §2: the home page as a user of the administrator's sees it — launcher, announcements,
 * menus and footer links — read-only. A user the administrator does not manage is "Page not found".
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireRouteAccess(request);
  const id = requiredIdParam(params.id);
  // The page shown again with a refused post's message is no new look: it is not audited again.
  const refusedPost = oncePerRequest(REFUSED_POST, () => false);
  const subject = await previewSubject(db(), admin, id, { audit: !refusedPost });
  if (!subject) throw new Response("Not Found", { status: 404 });
  const locale = await localeOf(request);
  const { actor } = subject;
  const brand = themeOf(
    request,
    actor.access.brands.map((b) => b.id),
  );
  return {
    id,
    name: subject.name,
    firstName: subject.firstName,
    active: subject.active,
    noOrganization: !hasActiveOrganization(actor.access),
    launcher: await launcherFor(actor, locale, brand),
    feed: feedForBrand(actor, await userAnnouncements(actor, locale), brand),
    view: new URL(request.url).searchParams.get("announcements") === "read" ? ("read" as const) : ("unread" as const),
    menus: await menusOf(actor, locale, brand),
  };
}

/** Nothing can be changed in a preview: every post is refused, and says so. */
export async function action({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request);
  primeRequestValue(REFUSED_POST, true);
  const t = translatorFor(await localeOf(request));
  return data({ refused: t("preview.refused") }, { status: 403 });
}

export default function UserPreview() {
  const { id, name, firstName, active, noOrganization, launcher, feed, view, menus } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.refused;
  const { t } = useTranslation();
  return (
    <div className="page preview">
      <p>
        <Link to={toUser({ id, mode: "view" })}>‹ {t("preview.back", { name })}</Link>
      </p>
      <h1>{t("preview.title", { name })}</h1>
      <p className="notice notice--warning preview__banner" data-testid="preview-banner">
        {t("preview.banner")}
      </p>
      {refused && (
        <p className="form-error" role="alert">
          {refused}
        </p>
      )}
      {!active && <p className="notice">{t("preview.inactive")}</p>}
      <div className="preview__frame" data-testid="preview">
        <ReadOnly>
          <PreviewMenus menus={menus} />
          <section aria-labelledby="preview-home" className="preview__home">
            <h2 id="preview-home">{t("home.welcome", { name: firstName })}</h2>
            {noOrganization ? (
              <p className="notice notice--warning">{t("errors.noOrganizationAssigned")}</p>
            ) : (
              <>
                <section aria-labelledby="my-applications" className="home__launcher">
                  <h3 id="my-applications">{t("nav.myApplications")}</h3>
                  <LauncherView launcher={launcher} headingLevel={3} />
                </section>
                <AnnouncementFeed unread={feed.unread} read={feed.read} view={view} />
              </>
            )}
          </section>
        </ReadOnly>
      </div>
    </div>
  );
}
