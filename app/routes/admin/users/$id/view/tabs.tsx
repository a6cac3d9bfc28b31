import { useTranslation } from "~/translate/react";
import { useDateFormats } from "~/i18n/date-format";
import { Table } from "~/ui/DataTable";
import type { ManagedUser } from "~/users/users.server";

/** The user as the loader sends it: dates as ISO text. */
type ContactUser = Omit<ManagedUser, "lastLoginAt" | "updatedAt"> & { lastLoginAt: string | null };

/** The contact information tab in view mode: every field of the user, "Not set" where empty. */
export function ContactTab({ user }: { user: ContactUser }) {
  const { t } = useTranslation();
  const dates = useDateFormats().date;
  const notSet = t("adminUsers.notSet");
  const rows: [string, string | null][] = [
    [t("adminUsers.firstName"), user.firstName],
    [t("adminUsers.lastName"), user.lastName],
    [t("adminUsers.email"), user.email],
    [t("adminUsers.jobTitle"), user.jobTitle],
    [t("preferences.field.phoneMobile"), user.phoneMobile],
    [t("preferences.field.phoneSecondary"), user.phoneSecondary],
    [t("preferences.field.fax"), user.fax],
    [t("preferences.field.preferredLanguage"), t(`languages.${user.preferredLanguage}`)],
    [t("adminUsers.userType"), t(`adminUsers.userTypes.${user.userType}`)],
    [t("adminUsers.kind"), t(`adminUsers.kinds.${user.role === "admin" ? "administrator" : "standard"}`)],
    [t("adminUsers.serialNumber"), user.serialNumber],
    [t("adminUsers.employeeNumber"), user.employeeNumber],
    [
      t("adminUsers.lastLogin"),
      user.lastLoginAt ? dates.format(new Date(user.lastLoginAt)) : t("adminUsers.neverSignedIn"),
    ],
    ...(user.deactivationReason
      ? ([[t("adminUsers.deactivationReason"), t(`adminUsers.reasons.${user.deactivationReason}`)]] as [
          string,
          string,
        ][])
      : []),
  ];
  return (
    <dl className="details">
      {rows.map(([label, value]) => (
        <div key={label} className="details__row">
          <dt>{label}</dt>
          <dd>{value || notSet}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The locations tab in view mode: the user's locations, the preferred one first and marked. */
export function LocationsTab({ locations }: { locations: { id: number; name: string; preferred: boolean }[] }) {
  const { t } = useTranslation();
  return (
    <ul className="plain-list">
      {locations.map((location) => (
        <li key={location.id}>
          {location.name}
          {location.preferred && <span className="badge">{t("adminUsers.preferred")}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The roles tab in view mode: each role held, at its location. */
export function RolesTab({ held }: { held: { role: string; location: string }[] }) {
  const { t } = useTranslation();
  if (held.length === 0) return <p className="empty-state">{t("adminUsers.noRoles")}</p>;
  return (
    <Table
      columns={[
        { key: "role", label: t("adminSecurityRoles.viewTitle"), render: (row) => row.role },
        { key: "location", label: t("adminUsers.roleAtLocation"), render: (row) => row.location },
      ]}
      rows={held}
      rowKey={(row) => `${row.role}@${row.location}`}
    />
  );
}

/** The email preferences tab in view mode: the distribution lists the user is subscribed to. */
export function EmailsTab({ lists }: { lists: string[] }) {
  const { t } = useTranslation();
  if (lists.length === 0) return <p className="empty-state">{t("adminUsers.noEmailLists")}</p>;
  return (
    <ul className="plain-list">
      {lists.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

/** The applications tab in view mode: the applications the user sees, those assigned to them marked. */
export function ApplicationsTab({ applications }: { applications: { id: number; name: string; assigned: boolean }[] }) {
  const { t } = useTranslation();
  if (applications.length === 0) return <p className="empty-state">{t("adminUsers.noApplicationsHeld")}</p>;
  return (
    <ul className="plain-list">
      {applications.map((app) => (
        <li key={app.id}>
          {app.name}
          {app.assigned ? ` (${t("adminUsers.assigned")})` : ""}
        </li>
      ))}
    </ul>
  );
}

/** The digital permissions tab in view mode: each permission set the user is offered and the roles chosen in it. */
export function PermissionsTab({
  sets,
}: {
  sets: { id: number; name: string; required: boolean; chosen: string[] }[];
}) {
  const { t } = useTranslation();
  if (sets.length === 0) return <p className="empty-state">{t("adminUsers.noSets")}</p>;
  return (
    <Table
      columns={[
        {
          key: "set",
          label: t("adminUsers.setColumn"),
          render: (row) => (row.required ? `${row.name} (${t("adminUsers.setRequired")})` : row.name),
        },
        {
          key: "chosen",
          label: t("adminUsers.chosenColumn"),
          render: (row) => (row.chosen.length ? row.chosen.join(", ") : t("adminUsers.noneChosen")),
        },
      ]}
      rows={sets}
      rowKey={(row) => String(row.id)}
    />
  );
}
