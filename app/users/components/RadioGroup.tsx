import { useTranslation } from "~/translate/react";
import { FieldError } from "~/ui/FieldError";
import { USER_KINDS, USER_TYPES } from "../schema";

/** A required single choice as radio buttons, with its legend and error; works without JavaScript. */
export function RadioGroup(props: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string; hint?: string }[];
  defaultValue?: string;
  errorId: string;
  errors?: string[];
}) {
  return (
    <fieldset
      className="field checkbox-group"
      aria-describedby={props.errors?.length ? props.errorId : undefined}
      aria-invalid={props.errors?.length ? true : undefined}
    >
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={props.name}
            value={option.value}
            defaultChecked={props.defaultValue === option.value}
          />{" "}
          {option.label}
          {option.hint && <span className="field__help"> — {option.hint}</span>}
        </label>
      ))}
      <FieldError id={props.errorId} errors={props.errors} />
    </fieldset>
  );
}

type ChoiceField = { name: string; initialValue?: unknown; errorId: string; errors?: string[] };

/** The create flow's two choices (SPEC §2): user type, internal or external; administrator or standard. */
export function TypeAndKind(props: { userType: ChoiceField; kind: ChoiceField }) {
  const { t } = useTranslation();
  return (
    <>
      <RadioGroup
        name={props.userType.name}
        legend={t("adminUsers.userType")}
        defaultValue={props.userType.initialValue as string | undefined}
        errorId={props.userType.errorId}
        errors={props.userType.errors}
        options={USER_TYPES.map((type) => ({ value: type, label: t(`adminUsers.userTypes.${type}`) }))}
      />
      <RadioGroup
        name={props.kind.name}
        legend={t("adminUsers.kind")}
        defaultValue={props.kind.initialValue as string | undefined}
        errorId={props.kind.errorId}
        errors={props.kind.errors}
        options={USER_KINDS.map((kind) => ({
          value: kind,
          label: t(`adminUsers.kinds.${kind === "admin" ? "administrator" : "standard"}`),
        }))}
      />
    </>
  );
}
