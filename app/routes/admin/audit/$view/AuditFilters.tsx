import { useTranslation } from "~/translate/react";
import { FieldError } from "~/ui/FieldError";
import { AUDIT_OPERATIONS, type AuditFilters as Filters, type AuditQuery } from "~/audit/query";

/**
 * The history's filters, in the search form (so in the URL): changed on from and to, operation, and
 * "exclude last logins" (sign-ins). A day that is not valid says why and keeps the text.
 */
export function AuditFilters(props: { filters: Filters; problems: AuditQuery["problems"] }) {
  const { t } = useTranslation();
  return (
    <fieldset className="list-filters">
      <legend className="visually-hidden">{t("audit.filters")}</legend>
      {(["from", "to"] as const).map((name) => {
        const problem = props.problems[name];
        const id = `audit-${name}`;
        return (
          <div key={name} className="list-filters__field">
            <label htmlFor={id}>{t(`audit.filter.${name}`)}</label>
            <input
              id={id}
              name={name}
              type="date"
              defaultValue={props.filters[name]}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
            />
            <FieldError id={`${id}-error`} errors={problem ? [problem] : undefined} />
          </div>
        );
      })}
      <div className="list-filters__field">
        <label htmlFor="audit-operation">{t("audit.operation")}</label>
        <select id="audit-operation" name="operation" defaultValue={props.filters.operation}>
          <option value="">{t("adminUsers.any")}</option>
          {AUDIT_OPERATIONS.map((operation) => (
            <option key={operation} value={operation}>
              {t(`audit.operations.${operation}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="list-filters__field list-filters__field--check">
        <input
          id="audit-exclude-last-logins"
          type="checkbox"
          name="excludeLastLogins"
          value="1"
          defaultChecked={props.filters.excludeLastLogins}
        />
        <label htmlFor="audit-exclude-last-logins">{t("audit.excludeLastLogins")}</label>
      </div>
    </fieldset>
  );
}
