import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { titleMeta } from "~/shell/page-title";
import { helpDesksOf, locationAdministratorsOf } from "~/support/support.server";
import { Table } from "~/ui/DataTable";

export const meta = titleMeta("support.title");

/** Help and support (SPEC §2, issue #5 §4): the administrators of the user's locations and the help desks. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const [administrators, helpDesks] = await Promise.all([
    locationAdministratorsOf(db(), user),
    helpDesksOf(db(), user, await localeOf(request)),
  ]);
  return { administrators, helpDesks };
}

/** A phone number as a tel: address (digits and a leading +). */
const telOf = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, "")}`;

export default function Support() {
  const { administrators, helpDesks } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t("support.title")}</h1>
      <section aria-labelledby="administrators-title">
        <h2 id="administrators-title">{t("support.administrators")}</h2>
        {administrators.length === 0 ? (
          <div className="notice" role="note">
            <p>
              <strong>{t("support.noAdministrators")}</strong>
            </p>
            <p>{t("support.noAdministratorsAdvice")}</p>
          </div>
        ) : (
          <>
            <p className="field__help">{t("support.administratorsIntro")}</p>
            <Table
              rows={administrators}
              rowKey={(admin) => admin.id}
              rowTestId="administrator"
              columns={[
                { key: "name", label: t("support.name"), render: (admin) => admin.name },
                {
                  key: "email",
                  label: t("support.email"),
                  render: (admin) => <a href={`mailto:${admin.email}`}>{admin.email}</a>,
                },
                {
                  key: "phone",
                  label: t("support.phone"),
                  render: (admin) => (admin.phone ? <a href={telOf(admin.phone)}>{admin.phone}</a> : "—"),
                },
                { key: "locations", label: t("support.locations"), render: (admin) => admin.locations.join(", ") },
              ]}
            />
          </>
        )}
      </section>
      <section aria-labelledby="help-desk-title">
        <h2 id="help-desk-title">{t("support.helpDesk")}</h2>
        {helpDesks.length === 0 ? (
          <p className="empty-state">{t("support.noHelpDesk")}</p>
        ) : (
          <ul className="help-desks">
            {helpDesks.map((desk) => (
              <li key={`${desk.brandId}-${desk.regionCode}`} className="help-desk" data-testid="help-desk">
                <h3>
                  {t(`brands.${desk.brandId}`)} · {t(`regions.${desk.regionCode}`)}
                </h3>
                <dl>
                  <dt>{t("support.phone")}</dt>
                  <dd>
                    <a href={telOf(desk.phone)}>{desk.phone}</a>
                  </dd>
                  <dt>{t("support.email")}</dt>
                  <dd>
                    <a href={`mailto:${desk.email}`}>{desk.email}</a>
                  </dd>
                  <dt>{t("support.hours")}</dt>
                  <dd>{desk.hours}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
