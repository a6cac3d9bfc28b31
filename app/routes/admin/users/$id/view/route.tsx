import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { requiredIdParam } from "~/navigation/id-param";
import { RoutableTabs } from "~/ui/RoutableTabs";
import { securityRoleChoices } from "~/security-roles/security-roles.server";
import { titleMeta } from "~/shell/page-title";
import { getManagedUser, provisioningOf } from "~/users/users.server";
import { satisfiesRule } from "~/security/feature-rule";
import { USERS_EDIT, USERS_LIFECYCLE } from "~/permissions/write-rules";
import { heldDigitalAccess } from "~/users/digital-offers.server";
import { EDITOR_TABS } from "~/users/editor-tabs";
import { selfLockedTab } from "~/users/self-change";
import { ApplicationsTab, ContactTab, EmailsTab, LocationsTab, PermissionsTab, RolesTab } from "./tabs";
import { listNames } from "~/users/editor-choices.server";
import { localeOf } from "~/i18n/i18next.server";
import { LifecycleActions } from "./LifecycleActions";
import { SessionsTab } from "./SessionsTab";
import { activeSessionsOf } from "~/account/account-security.server";
import { userAction } from "./action.server";
import { SavedDialog } from "./SavedDialog";
import { IntegrationsTab } from "./IntegrationsTab";
import { integrationSettings, pushStatusOf } from "~/integrations/pushes.server";
import { toUser, toUserPreview, toUsers } from "~/users/routes";
import { effectiveAccessOf } from "~/users/effective-access.server";
import { whyAnswer, whyPickOf } from "~/users/effective-access";
import { EffectiveAccessTab } from "~/users/components/EffectiveAccessTab";
import { DormancyPanel } from "~/users/components/DormancyPanel";
import { dormancyOf } from "~/users/dormancy.server";

export const meta = titleMeta("adminUsers.title");

/** The editor's tabs but the review, then the sessions, the integration status and the effective access; each is its own address. */
export const USER_TABS = [
  ...EDITOR_TABS.filter((tab) => tab !== "review"),
  "sessions",
  "integrations",
  "access",
] as const;
export type UserTab = (typeof USER_TABS)[number];

/**
 * SPEC §2 user editor, view mode (issue #14 §4): a user of the administrator's own locations, one
 * tab per address. Another dealer's user, an unknown tab or mode is "Page not found".
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const id = requiredIdParam(params.id);
  const tab = USER_TABS.find((known) => known === (params.tab ?? "contact"));
  if (!tab) throw new Response("Not Found", { status: 404 });
  const managed = await getManagedUser(db(), user, id);
  if (!managed) throw new Response("Not Found", { status: 404 });
  const locale = await localeOf(request);
  const why = new URL(request.url).searchParams.get("why") ?? "";
  const [roles, sessions, lists, digital, pushes, provisionedBy, access] = await Promise.all([
    tab === "roles" ? securityRoleChoices(db()) : [],
    tab === "sessions" ? activeSessionsOf(db(), id, undefined) : [],
    tab === "emails" ? listNames(db(), managed.emailLists, locale) : [],
    tab === "applications" || tab === "permissions" ? heldDigitalAccess(db(), managed, locale) : null,
    tab === "integrations" ? pushStatusOf(db(), "identity", id) : [],
    provisioningOf(db(), id),
    tab === "access" ? effectiveAccessOf(db(), id, locale) : null,
  ]);
  const dormancy = await dormancyOf(db(), id);
  const pick = whyPickOf(why);
  const canEdit = satisfiesRule(user.access.features, USERS_EDIT);
  const roleNames = new Map(roles.map((role) => [role.id, role.displayName]));
  const locationNames = new Map(managed.locations.map((location) => [location.id, location.name]));
  return {
    tab,
    sessions,
    lists,
    digital,
    canChangeStatus: satisfiesRule(user.access.features, USERS_LIFECYCLE),
    canEdit,
    canResend: (managed.status === "awaitingVerification" || managed.status === "verificationExpired") && canEdit,
    canResync: canEdit && integrationSettings().targets.length > 0,
    pushes: pushes.map((row) => ({
      ...row,
      lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    })),
    isSelf: id === user.identityId,
    access,
    dormancy,
    why: why.slice(0, 200),
    answer: access && pick ? whyAnswer(access, pick) : null,
    provisionedBy,
    user: {
      ...managed,
      lastLoginAt: managed.lastLoginAt?.toISOString() ?? null,
      updatedAt: managed.updatedAt.toISOString(),
    },
    held: managed.assignments.map((a) => ({
      role: roleNames.get(a.securityRoleId) ?? "",
      location: locationNames.get(a.organizationId) ?? "",
    })),
  };
}

export function action(args: ActionFunctionArgs) {
  return userAction(args);
}

export default function UserView() {
  const {
    tab,
    user,
    held,
    sessions,
    lists,
    digital,
    pushes,
    canChangeStatus,
    canResend,
    canResync,
    canEdit,
    isSelf,
    provisionedBy,
    access,
    dormancy,
    why,
    answer,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`;
  // The editor's tab for this one: contact for the view's own tabs and, on one's own account, for a read-only one.
  const editTab =
    tab === "sessions" || tab === "integrations" || tab === "access" || selfLockedTab(isSelf, tab) ? "contact" : tab;
  return (
    <div className="page">
      <p>
        <Link to={toUsers()}>‹ {t("adminUsers.back")}</Link>
      </p>
      <h1>{name}</h1>
      <p className="page-actions">
        {canEdit && (
          <Link to={toUser({ id: user.id, mode: "edit", tab: editTab })} className="button">
            {t("adminUsers.edit")}
          </Link>
        )}
        <Link to={toUserPreview(user.id)} className="button button--secondary">
          {t("adminUsers.previewAs", { name })}
        </Link>
      </p>
      <p className="notice">{t(`adminUsers.statuses.${user.status}`)}</p>
      {provisionedBy && (
        <p className="notice" data-testid="provisioned-by">
          {t("adminUsers.provisionedBy", { name: provisionedBy.name })}
        </p>
      )}
      <SavedDialog email={user.email} />
      {(canChangeStatus || canResend || canResync) && (
        <LifecycleActions
          name={name}
          active={user.status !== "inactive"}
          canChangeStatus={canChangeStatus}
          canResend={canResend}
          canResync={canResync}
          self={isSelf}
          reasonError={actionData && "reasonError" in actionData ? actionData.reasonError : undefined}
          refusal={actionData && "refusal" in actionData ? actionData.refusal : undefined}
        />
      )}
      {dormancy && (
        <DormancyPanel
          dormancy={dormancy}
          canChange={canChangeStatus && !isSelf && user.status !== "inactive"}
          form={actionData && "exemption" in actionData ? actionData.exemption : undefined}
        />
      )}
      <RoutableTabs
        label={t("adminUsers.detailsLabel")}
        current={tab}
        tabs={USER_TABS.map((key) => ({
          key,
          label: t(`adminUsers.tabs.${key}`),
          to: toUser({ id: user.id, mode: "view", tab: key === "contact" ? undefined : key }),
        }))}
      />
      <section aria-labelledby="user-tab-title" className="user-tab">
        <h2 id="user-tab-title">{t(`adminUsers.tabs.${tab}`)}</h2>
        {tab === "contact" && <ContactTab user={user} />}
        {tab === "locations" && <LocationsTab locations={user.locations} />}
        {tab === "roles" && <RolesTab held={held} />}
        {tab === "applications" && digital && <ApplicationsTab applications={digital.applications} />}
        {tab === "permissions" && digital && <PermissionsTab sets={digital.sets} />}
        {tab === "emails" && <EmailsTab lists={lists} />}
        {tab === "sessions" && <SessionsTab sessions={sessions} name={name} canEnd={canChangeStatus} self={isSelf} />}
        {tab === "integrations" && <IntegrationsTab rows={pushes} />}
        {tab === "access" && access && <EffectiveAccessTab name={name} access={access} why={why} answer={answer} />}
      </section>
    </div>
  );
}
