import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/translate/react";
import { MULTISELECT_OPTIONS_LIMIT } from "~/limits";
import { FieldError } from "./FieldError";
import { newTagsName } from "~/forms/new-tags";

/** A fixed choice of a multiselect: the value posted and the label shown. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * A multiselect, with free tags (`options`) or over fixed choices (`choices`: roles by id …).
 * Without JavaScript it is a native multiple select, plus, with free tags, a text field for new
 * values (comma separated); with JavaScript it becomes chips with a searchable input where Enter
 * adds the matching choice or creates a tag. Both post the values under `name`.
 */
export function MultiSelect(props: {
  name: string;
  label: string;
  options?: readonly string[];
  choices?: readonly Choice[];
  defaultValue: readonly string[];
  errors?: string[];
  errorId: string;
  disabled?: boolean;
  /** A line of help under the control, read with it. */
  help?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [enhanced, setEnhanced] = useState(false);
  const [values, setValues] = useState<string[]>([...props.defaultValue]);
  const [draft, setDraft] = useState("");
  useEffect(() => setEnhanced(true), []);
  const creatable = !props.choices;
  const items: Choice[] = (
    props.choices ??
    [...new Set([...(props.options ?? []), ...props.defaultValue])].map((v) => ({ value: v, label: v }))
  ).slice(0, MULTISELECT_OPTIONS_LIMIT);
  const helpId = `${id}-help`;
  const describedBy =
    [props.help ? helpId : null, props.errors?.length ? props.errorId : null].filter(Boolean).join(" ") || undefined;
  const help = props.help ? (
    <p id={helpId} className="field__help">
      {props.help}
    </p>
  ) : null;
  const labelOf = (value: string) => items.find((item) => item.value === value)?.label ?? value;

  if (!enhanced) {
    return (
      <div className="field multiselect">
        <label htmlFor={`${id}-select`}>{props.label}</label>
        <select
          id={`${id}-select`}
          name={props.name}
          multiple
          size={Math.min(6, Math.max(3, items.length))}
          defaultValue={[...props.defaultValue]}
          disabled={props.disabled}
          aria-describedby={describedBy}
        >
          {items.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
        {!props.disabled && creatable && (
          <>
            <label htmlFor={`${id}-new`} className="field__sublabel">
              {t("common.newTags")}
            </label>
            <input
              id={`${id}-new`}
              name={newTagsName(props.name)}
              placeholder={t("common.pressEnterToCreateTag")}
              maxLength={2000}
            />
          </>
        )}
        {help}
        <FieldError id={props.errorId} errors={props.errors} />
      </div>
    );
  }

  // A typed text adds the choice of that label, or (free tags) itself.
  const valueOf = (text: string) => items.find((item) => item.label === text)?.value ?? (creatable ? text : "");
  const add = (raw: string) => {
    const value = valueOf(raw.trim());
    if (value && !values.includes(value) && values.length < MULTISELECT_OPTIONS_LIMIT) setValues([...values, value]);
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add(draft);
    } else if (event.key === "Backspace" && draft === "" && values.length > 0) {
      setValues(values.slice(0, -1));
    }
  };
  const listId = `${id}-options`;
  return (
    <div className="field multiselect multiselect--enhanced">
      <label htmlFor={`${id}-input`}>{props.label}</label>
      <div className="multiselect__box">
        <ul className="multiselect__chips" aria-label={props.label}>
          {values.map((value) => (
            <li key={value} className="chip">
              <input type="hidden" name={props.name} value={value} />
              <span>{labelOf(value)}</span>
              {!props.disabled && (
                <button
                  type="button"
                  className="chip__remove"
                  aria-label={t("common.removeTag", { value: labelOf(value) })}
                  onClick={() => setValues(values.filter((v) => v !== value))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
        {!props.disabled && (
          <input
            id={`${id}-input`}
            list={listId}
            value={draft}
            placeholder={
              values.length === 0 || !creatable ? t("common.selectOption") : t("common.pressEnterToCreateTag")
            }
            onChange={(event) => {
              const next = event.target.value;
              // Choosing a suggestion from the list adds it at once.
              if (items.some((item) => item.label === next)) add(next);
              else setDraft(next);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => creatable && draft && add(draft)}
            maxLength={255}
            aria-describedby={describedBy}
          />
        )}
        <datalist id={listId}>
          {items
            .filter((item) => !values.includes(item.value))
            .map((item) => (
              <option key={item.value} value={item.label} />
            ))}
        </datalist>
      </div>
      {help}
      <FieldError id={props.errorId} errors={props.errors} />
    </div>
  );
}
