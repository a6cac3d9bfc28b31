import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/translate/react";
import { MAX_TEXT_LENGTH } from "~/limits";
import { FieldError } from "./FieldError";
import { MultiSelect, type Choice } from "./MultiSelect";
import { listOf } from "./CheckboxGroup";

type InputKind = "text" | "email" | "url" | "tel" | "date" | "number" | "password";

type FieldProps = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each form has its own schema
  field: FieldMetadata<any, any, string[]>;
  label: string;
  /** A line of help under the control, read with it. */
  help?: string;
  /** Shown between the label and the control (a formatting toolbar). */
  before?: ReactNode;
  /** Values of the error message's placeholders (`n` is the text maximum unless given). */
  errorValues?: Record<string, string | number>;
} & (
  | { kind?: InputKind; maxLength?: number; max?: string; required?: boolean; autoComplete?: string }
  | { kind: "textarea"; rows?: number; maxLength?: number; className?: string }
  | { kind: "select"; options: readonly { value: string; label: string }[]; placeholder?: string | false }
  | { kind: "checkbox" }
  | { kind: "multiselect"; options?: readonly string[]; choices?: readonly Choice[]; disabled?: boolean }
);

/**
 * One form field of the kit: the label, the control (text, e-mail, URL, date, number, textarea,
 * select, checkbox or multiselect), the help text, and the first error once the field was
 * touched, wired with aria-invalid and aria-describedby; text controls get the 255 maximum.
 */
export function Field(props: FieldProps) {
  const { t } = useTranslation();
  const { field, label, help } = props;
  const helpId = `${field.id}-help`;
  const invalid = Boolean(field.errors?.length);
  const describedBy = [help ? helpId : null, invalid ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  const aria = { "aria-invalid": invalid || undefined, "aria-describedby": describedBy };
  const error = <FieldError id={field.errorId} errors={field.errors} values={props.errorValues} />;
  const helpText = help ? (
    <p id={helpId} className="field__help">
      {help}
    </p>
  ) : null;

  if (props.kind === "multiselect") {
    return (
      <MultiSelect
        key={`${field.name}-${field.key ?? ""}`}
        name={field.name}
        label={label}
        options={props.options}
        choices={props.choices}
        defaultValue={listOf(field.initialValue)}
        errors={field.errors}
        errorId={field.errorId}
        disabled={props.disabled}
        help={help}
      />
    );
  }
  if (props.kind === "checkbox") {
    return (
      <div className="field field--checkbox">
        <label className="checkbox-option">
          <input {...getInputProps(field, { type: "checkbox", ariaAttributes: false })} key={field.key} {...aria} />
          <span>{label}</span>
        </label>
        {helpText}
        {error}
      </div>
    );
  }
  let control: ReactNode;
  if (props.kind === "select") {
    control = (
      <select {...getSelectProps(field, { ariaAttributes: false })} key={field.key} {...aria}>
        {props.placeholder !== false && <option value="">{props.placeholder ?? t("common.selectOption")}</option>}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (props.kind === "textarea") {
    control = (
      <textarea
        {...getTextareaProps(field, { ariaAttributes: false })}
        key={field.key}
        rows={props.rows ?? 4}
        maxLength={props.maxLength}
        className={props.className}
        {...aria}
      />
    );
  } else {
    const kind = props.kind ?? "text";
    const textual = kind !== "date" && kind !== "number";
    control = (
      <input
        {...getInputProps(field, { type: kind, ariaAttributes: false })}
        key={field.key}
        maxLength={textual ? (props.maxLength ?? MAX_TEXT_LENGTH) : undefined}
        max={props.max}
        required={props.required}
        autoComplete={props.autoComplete}
        {...aria}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {props.before}
      {control}
      {helpText}
      {error}
    </div>
  );
}
