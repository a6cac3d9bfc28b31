import { parseWithZod } from "@conform-to/zod/v4";
import { requestTimeZone } from "~/i18n/time-zone.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useParams, useSearchParams } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { titleMeta } from "~/shell/page-title";
import { localeCookie, localeOf } from "~/i18n/i18next.server";
import { RoutableTabs } from "~/ui/RoutableTabs";
import { Table } from "~/ui/DataTable";
import { ContactField, LanguageField, Saved, TimeZoneField, type FieldReply } from "./fields";
import { userApplications } from "~/applications/launcher.server";
import {
  assignedLocationsOf,
  distributionListsFor,
  ownProfile,
  setOwnSubscriptions,
  subscriptionIdsOf,
  updateOwnProfileField,
} from "~/preferences/preferences.server";
import { CONTACT_FIELDS, profileFieldSchema, subscriptionsSchema } from "~/preferences/profile-field";
import { readFormData } from "~/security/form-body.server";

export const meta = titleMeta("preferences.title");

/** The sections of the global preferences (issue #5 §1), each addressable as /preferences/:path. */
export const PREFERENCE_SECTIONS = ["contact", "language", "subscriptions", "locations", "applications"] as const;
type Section = (typeof PREFERENCE_SECTIONS)[number];

function sectionOf(path: string | undefined): Section {
  if (path === undefined) return "contact";
  if ((PREFERENCE_SECTIONS as readonly string[]).includes(path)) return path as Section;
  throw new Response("Not Found", { status: 404 });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const section = sectionOf(params.path);
  const locale = await localeOf(request);
  const profile = await ownProfile(db(), user);
  if (!profile) throw new Response("Not Found", { status: 404 });
  const brandIds = user.access.brands.map((b) => b.id);
  return {
    section,
    profile,
    lists: section === "subscriptions" ? await distributionListsFor(db(), brandIds, locale) : [],
    subscribed: section === "subscriptions" ? await subscriptionIdsOf(db(), user) : [],
    locations: section === "locations" ? await assignedLocationsOf(db(), user) : [],
    applications:
      section === "applications"
        ? (await userApplications(user, locale)).map(({ id, name, description }) => ({ id, name, description }))
        : [],
    saved: new URL(request.url).searchParams.get("saved"),
    automaticTimeZone: requestTimeZone(request, user, { automatic: true }),
  };
}

/** Each field saves on its own; subscriptions save together. Bad input changes nothing and keeps the value. */
export async function action({ request, params }: ActionFunctionArgs): Promise<FieldReply | Response> {
  const user = await requireRouteAccess(request);
  const section = sectionOf(params.path);
  const formData = await readFormData(request);
  if (formData.get("intent") === "subscriptions") {
    const submission = parseWithZod(formData, { schema: subscriptionsSchema });
    if (submission.status !== "success")
      return { field: "subscriptions", result: submission.reply({ formErrors: ["validations.formError"] }) };
    const offered = await distributionListsFor(
      db(),
      user.access.brands.map((b) => b.id),
      await localeOf(request),
    );
    await setOwnSubscriptions(db(), user, offered, submission.value.lists);
    return redirect(`/preferences/${section}?saved=subscriptions`);
  }
  const submission = parseWithZod(formData, { schema: profileFieldSchema });
  const field = String(formData.get("field") ?? "");
  if (submission.status !== "success") return { field, result: submission.reply() };
  await updateOwnProfileField(db(), user, submission.value);
  const headers = new Headers();
  // The preferred language also switches the interface at once.
  if (submission.value.field === "preferredLanguage")
    headers.append("Set-Cookie", await localeCookie.serialize(submission.value.value));
  return redirect(`/preferences/${section}?saved=${submission.value.field}`, { headers });
}

export default function Preferences() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const section = data.section;
  const headingId = `preferences-${section}`;
  return (
    <div className="page">
      <h1>{t("preferences.title")}</h1>
      <RoutableTabs
        label={t("preferences.sections")}
        current={section}
        tabs={PREFERENCE_SECTIONS.map((key) => ({
          key,
          label: t(`preferences.section.${key}`),
          to: `/preferences/${key}`,
        }))}
      />
      <section aria-labelledby={headingId} className="preferences__section" key={params.path ?? "contact"}>
        <h2 id={headingId}>{t(`preferences.section.${section}`)}</h2>
        {section === "contact" && (
          <>
            <p className="field__help">{t("preferences.contactIntro", { email: data.profile.email })}</p>
            {CONTACT_FIELDS.map((field) => (
              <ContactField
                key={field}
                field={field}
                value={data.profile[field]}
                saved={search.get("saved") === field}
              />
            ))}
          </>
        )}
        {section === "language" && (
          <>
            <LanguageField value={data.profile.preferredLanguage} saved={data.saved === "preferredLanguage"} />
            <TimeZoneField
              value={data.profile.timeZone}
              automatic={data.automaticTimeZone}
              saved={data.saved === "timeZone"}
            />
          </>
        )}
        {section === "subscriptions" &&
          (data.lists.length === 0 ? (
            <p className="empty-state">{t("preferences.noLists")}</p>
          ) : (
            <Form method="post" className="preference-field">
              <input type="hidden" name="intent" value="subscriptions" />
              <fieldset className="checkbox-group">
                <legend>{t("preferences.subscriptionsIntro")}</legend>
                {data.lists.map((list) => (
                  <label key={list.id} className="checkbox-option">
                    <input
                      type="checkbox"
                      name="lists"
                      value={list.id}
                      defaultChecked={data.subscribed.includes(list.id)}
                    />
                    <span>
                      <strong>{list.name}</strong>
                      <span className="field__help"> — {list.description}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <div className="preference-field__row">
                <button type="submit" className="button">
                  {t("preferences.saveSubscriptions")}
                </button>
                <Saved show={data.saved === "subscriptions"} />
              </div>
            </Form>
          ))}
        {section === "locations" && (
          <>
            <p className="notice">{t("preferences.locationsAdvice")}</p>
            {data.locations.length === 0 ? (
              <p className="empty-state">{t("preferences.noLocations")}</p>
            ) : (
              <Table
                rows={data.locations}
                rowKey={(location) => location.id}
                columns={[
                  {
                    key: "location",
                    label: t("preferences.location"),
                    render: (location) => (
                      <>
                        {location.name}
                        {location.preferred && <span className="tag"> {t("preferences.preferredLocation")}</span>}
                      </>
                    ),
                  },
                  {
                    key: "brand",
                    label: t("preferences.brand"),
                    render: (location) => t(`brands.${location.brandId}`),
                  },
                  {
                    key: "region",
                    label: t("preferences.region"),
                    render: (location) => t(`regions.${location.regionCode}`),
                  },
                ]}
              />
            )}
          </>
        )}
        {section === "applications" && (
          <>
            <p className="notice">{t("preferences.applicationsAdvice")}</p>
            {data.applications.length === 0 ? (
              <p className="empty-state">{t("preferences.noApplications")}</p>
            ) : (
              <ul className="plain-list">
                {data.applications.map((app) => (
                  <li key={app.id}>
                    <strong>{app.name}</strong>
                    {app.description && <span className="field__help"> — {app.description}</span>}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </div>
  );
}
