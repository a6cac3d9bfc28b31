import { useTranslation } from "~/translate/react";
import { FieldError } from "~/ui/FieldError";
import { MAX_TEXT_LENGTH } from "~/limits";
import type { IntegrationErrorFilters, IntegrationErrorQuery } from "~/integrations/report";

/**
 * The report's filters (SPEC §2): error date from and to, serial number, organization id; part of
 * the search form, so they live in the URL. A filter that is not valid says why and keeps the text.
 */
export function ErrorFilters(props: { filters: IntegrationErrorFilters; problems: IntegrationErrorQuery["problems"] }) {
  const { t } = useTranslation();
  const fields = [
    { name: "from", type: "date" },
    { name: "to", type: "date" },
    { name: "serialNumber", type: "text" },
    { name: "organizationId", type: "text", inputMode: "numeric" },
  ] as const;
  return (
    <fieldset className="list-filters">
      <legend className="visually-hidden">{t("integrationErrors.filters")}</legend>
      {fields.map((field) => {
        const problem = props.problems[field.name];
        const id = `filter-${field.name}`;
        return (
          <div key={field.name} className="list-filters__field">
            <label htmlFor={id}>{t(`integrationErrors.filter.${field.name}`)}</label>
            <input
              id={id}
              name={field.name}
              type={field.type}
              inputMode={"inputMode" in field ? field.inputMode : undefined}
              defaultValue={props.filters[field.name]}
              maxLength={MAX_TEXT_LENGTH}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
            />
            <FieldError id={`${id}-error`} errors={problem ? [problem] : undefined} />
          </div>
        );
      })}
    </fieldset>
  );
}
