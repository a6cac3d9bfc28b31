import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { LOCALES } from "~/i18n/locale";
import { FieldError } from "~/ui/FieldError";
import { profileFieldSchema, type ProfileField } from "~/preferences/profile-field";
import { MAX_TEXT_LENGTH } from "~/limits";
import { timeZoneChoices } from "~/validation/time-zone";

/** What the preferences action answers a field it did not save: which field, and why. */
export interface FieldReply {
  field: string;
  result: SubmissionResult<string[]>;
}

/** "Saved" next to the field that was saved (announced politely). */
export function Saved({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return (
    <span role="status" className="field__saved">
      {show ? t("preferences.saved") : ""}
    </span>
  );
}

/** One contact field: its own form, its own Save, its success or error next to it. */
export function ContactField({ field, value, saved }: { field: ProfileField; value: string | null; saved: boolean }) {
  const { t } = useTranslation();
  const actionData = useActionData<FieldReply>();
  const navigation = useNavigation();
  const mine = actionData?.field === field;
  const [form, fields] = useForm({
    id: `preference-${field}`,
    lastResult: mine && navigation.state === "idle" ? actionData.result : undefined,
    defaultValue: { field, value: value ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFieldSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("field") === field;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="preference-field">
      <input type="hidden" name="field" value={field} />
      <label htmlFor={fields.value.id}>{t(`preferences.field.${field}`)}</label>
      <div className="preference-field__row">
        <input
          {...getInputProps(fields.value, { type: field.startsWith("phone") || field === "fax" ? "tel" : "text" })}
          key={fields.value.key}
          maxLength={MAX_TEXT_LENGTH}
          autoComplete={field === "phoneMobile" ? "tel" : field === "jobTitle" ? "organization-title" : "off"}
        />
        <button
          type="submit"
          className="button button--secondary"
          disabled={submitting}
          aria-label={`${t("common.save")}: ${t(`preferences.field.${field}`)}`}
        >
          {t("common.save")}
        </button>
        <Saved show={saved && !fields.value.errors?.length} />
      </div>
      <FieldError id={fields.value.errorId} errors={fields.value.errors} />
    </Form>
  );
}

/** The preferred language: its own form; saving it also switches the interface. */
export function LanguageField({ value, saved }: { value: string; saved: boolean }) {
  const { t } = useTranslation();
  return (
    <ChoiceField
      field="preferredLanguage"
      value={value}
      saved={saved}
      help={t("preferences.languageHelp")}
      choices={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`), lang: locale }))}
    />
  );
}

/**
 * The time zone (issue #33): the user's own, or "Automatic" (none: the browser's zone, else the
 * location's), which names the zone it stands for now.
 */
export function TimeZoneField(props: { value: string | null; automatic: string; saved: boolean }) {
  const { t } = useTranslation();
  const { value, saved } = props;
  return (
    <ChoiceField
      field="timeZone"
      value={value ?? ""}
      saved={saved}
      help={t("preferences.timeZoneHelp")}
      choices={[
        { value: "", label: t("preferences.timeZoneAutomatic", { zone: props.automatic.replaceAll("_", " ") }) },
        ...timeZoneChoices().map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") })),
      ]}
    />
  );
}

/** A profile field chosen from a list: its own form, its Save, its success or error beside it. */
function ChoiceField(props: {
  field: ProfileField;
  value: string;
  saved: boolean;
  help: string;
  choices: readonly { value: string; label: string; lang?: string }[];
}) {
  const { t } = useTranslation();
  const actionData = useActionData<FieldReply>();
  const [form, fields] = useForm({
    id: `preference-${props.field}`,
    lastResult: actionData?.field === props.field ? actionData.result : undefined,
    defaultValue: { field: props.field, value: props.value },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFieldSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="preference-field">
      <input type="hidden" name="field" value={props.field} />
      <label htmlFor={fields.value.id}>{t(`preferences.field.${props.field}`)}</label>
      <p id={`${fields.value.id}-help`} className="field__help">
        {props.help}
      </p>
      <div className="preference-field__row">
        <select {...getSelectProps(fields.value)} key={fields.value.key} aria-describedby={`${fields.value.id}-help`}>
          {props.choices.map((choice) => (
            <option key={choice.value} value={choice.value} lang={choice.lang}>
              {choice.label}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="button button--secondary"
          aria-label={`${t("common.save")}: ${t(`preferences.field.${props.field}`)}`}
        >
          {t("common.save")}
        </button>
        <Saved show={props.saved} />
      </div>
      <FieldError id={fields.value.errorId} errors={fields.value.errors} />
    </Form>
  );
}
