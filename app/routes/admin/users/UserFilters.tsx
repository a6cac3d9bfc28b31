import { useTranslation } from "~/translate/react";
import {
  DEACTIVATION_FILTERS,
  LAST_LOGIN_FILTERS,
  USER_KINDS,
  USER_STATUSES,
  USER_TYPES,
  type UserFilters as Filters,
} from "~/users/list-options";

/** The users list's filters (issue #14 §2): each a select of the search form, "Any" for none; kept in the URL. */
export function UserFilters({
  state,
  connections,
}: {
  state: Filters;
  /** The SCIM connections that made some of the users (none: no such filter). */
  connections: readonly { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const filters = [
    { name: "status", label: "statusFilter", values: USER_STATUSES, labels: "statuses", value: state.status },
    { name: "userType", label: "userTypeFilter", values: USER_TYPES, labels: "userTypes", value: state.userType },
    { name: "kind", label: "kindFilter", values: USER_KINDS, labels: "kinds", value: state.kind },
    {
      name: "lastLogin",
      label: "lastLoginFilter",
      values: LAST_LOGIN_FILTERS,
      labels: "lastLogins",
      value: state.lastLogin,
    },
    {
      name: "deactivation",
      label: "deactivationFilter",
      values: DEACTIVATION_FILTERS,
      labels: "deactivations",
      value: state.deactivation,
    },
  ] as const;
  return (
    <fieldset className="list-filters">
      <legend className="visually-hidden">{t("adminUsers.filters")}</legend>
      {filters.map((filter) => (
        <div key={filter.name} className="list-filters__field">
          <label htmlFor={`filter-${filter.name}`}>{t(`adminUsers.${filter.label}`)}</label>
          <select id={`filter-${filter.name}`} name={filter.name} defaultValue={filter.value ?? ""}>
            <option value="">{t("adminUsers.any")}</option>
            {filter.values.map((value) => (
              <option key={value} value={value}>
                {t(`adminUsers.${filter.labels}.${value}`)}
              </option>
            ))}
          </select>
        </div>
      ))}
      {connections.length > 0 && (
        <div className="list-filters__field">
          <label htmlFor="filter-provisionedBy">{t("adminUsers.provisionedByFilter")}</label>
          <select id="filter-provisionedBy" name="provisionedBy" defaultValue={state.provisionedBy ?? ""}>
            <option value="">{t("adminUsers.any")}</option>
            {connections.map((connection) => (
              <option key={connection.id} value={connection.id}>
                {connection.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}
