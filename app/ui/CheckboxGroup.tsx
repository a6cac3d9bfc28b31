import { BRAND_IDS, REGION_CODES } from "~/validation/audience";
import { FieldError } from "./FieldError";

/** A Conform field's initial value as a list (a single value, a list, or nothing). */
export function listOf(value: unknown): string[] {
  return value === undefined || value === null ? [] : ([] as unknown[]).concat(value).map(String);
}

/**
 * A choice as plain checkboxes (brands, regions) or radio buttons: one name, one legend, its
 * error under it and tied to the group. Works without JavaScript.
 */
export function CheckboxGroup(props: {
  name: string;
  legend: string;
  /** A line of help under the legend. */
  help?: string;
  /** A disabled option shows its state and cannot be changed (nor is it posted). */
  options: readonly { value: string | number; label: string; disabled?: boolean }[];
  checked: readonly string[];
  /** Radio buttons: one choice (the default is checkboxes). */
  type?: "checkbox" | "radio";
  fieldKey?: string;
  errorId: string;
  errors?: string[];
  /** Many options: laid out in columns. */
  columns?: boolean;
}) {
  const helpId = `${props.errorId}-help`;
  const describedBy = [props.help ? helpId : null, props.errors?.length ? props.errorId : null].filter(Boolean);
  return (
    <fieldset
      className={props.columns ? "field checkbox-group checkbox-group--columns" : "field checkbox-group"}
      aria-describedby={describedBy.join(" ") || undefined}
    >
      <legend>{props.legend}</legend>
      {props.help && (
        <p id={helpId} className="field__help">
          {props.help}
        </p>
      )}
      {props.options.map((option) => (
        <label key={option.value}>
          <input
            type={props.type ?? "checkbox"}
            name={props.name}
            value={option.value}
            disabled={option.disabled}
            defaultChecked={props.checked.includes(String(option.value))}
            key={`${props.fieldKey ?? ""}-${option.value}`}
          />{" "}
          {option.label}
        </label>
      ))}
      <FieldError id={props.errorId} errors={props.errors} />
    </fieldset>
  );
}

type AudienceField = { key?: string; errorId: string; errors?: string[]; initialValue?: unknown };

/** Who content is for: the brands and the regions, as two required checkbox groups (announcements, documents). */
export function AudienceCheckboxes(props: {
  brandIds: AudienceField;
  regionCodes: AudienceField;
  brandsLegend: string;
  regionsLegend: string;
  brandLabel: (id: number) => string;
  regionLabel: (code: string) => string;
}) {
  return (
    <>
      <CheckboxGroup
        name="brandIds"
        legend={props.brandsLegend}
        options={BRAND_IDS.map((id) => ({ value: id, label: props.brandLabel(id) }))}
        checked={listOf(props.brandIds.initialValue)}
        fieldKey={props.brandIds.key}
        errorId={props.brandIds.errorId}
        errors={props.brandIds.errors}
      />
      <CheckboxGroup
        name="regionCodes"
        legend={props.regionsLegend}
        options={REGION_CODES.map((code) => ({ value: code, label: props.regionLabel(code) }))}
        checked={listOf(props.regionCodes.initialValue)}
        fieldKey={props.regionCodes.key}
        errorId={props.regionCodes.errorId}
        errors={props.regionCodes.errors}
      />
    </>
  );
}
