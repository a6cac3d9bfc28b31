import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireFeatures, requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { satisfiesRule } from "~/security/feature-rule";
import { applicationFieldOptions, applicationWrites, getApplication } from "~/applications/applications.server";
import { APPLICATION_LIST_FIELDS, TRANSLATED_LOCALES, applicationSchema } from "~/applications/schema";
import { applicationFormValues } from "~/applications/form-values";
import { MAX_TEXT_LENGTH } from "~/limits";
import { titleMeta } from "~/shell/page-title";
import { FieldError } from "~/ui/FieldError";
import { Field } from "~/ui/Field";
import { optionalIdParam } from "~/navigation/id-param";
import { editorAction, recordEditing } from "~/forms/editor-action.server";
import { EditorPage, useEditor } from "~/ui/EditorPage";
import { APPLICATIONS_WRITE } from "~/permissions/write-rules";
import { brandNotYoursRefusal, catalogueAccessOf } from "~/permissions/catalogue-scope";
import { applicationLinks, toApplications } from "~/applications/routes";

export const meta = titleMeta("adminApplications.editTitle");

/**
 * An application not of the user's brands is not there: not listed to them (a reader's own brands,
 * a writer's portal brands), or — for a writer — not of their portal brands.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const id = optionalIdParam(params.id);
  const row = id === null ? null : await getApplication(db(), user, id);
  const mayWrite = satisfiesRule(user.access.features, APPLICATIONS_WRITE);
  const access = row ? catalogueAccessOf(user, [row.brandId], mayWrite) : null;
  if (id !== null && (!row || (mayWrite && access !== "edit"))) throw new Response("Not Found", { status: 404 });
  return {
    canWrite: mayWrite,
    options: await applicationFieldOptions(db()),
    application: row && applicationFormValues(row),
  };
}

/**
 * Save or delete: only with admin:applications:write, checked here, and only within the editor's
 * brands (the service's rule: another brand is refused on the field, another brand's application
 * is not found); bad input changes nothing.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireFeatures(request, APPLICATIONS_WRITE);
  return editorAction(request, user, {
    schema: applicationSchema,
    id: optionalIdParam(params.id),
    listFields: APPLICATION_LIST_FIELDS,
    ...recordEditing(db(), applicationWrites, applicationLinks),
    refusal: () => brandNotYoursRefusal("brandId"),
    conflictKey: "adminApplications.conflict",
  });
}

const TEXT_FIELDS = ["name", "displayName", "description", "link"] as const;

export default function ApplicationEditor() {
  const { application, canWrite, options } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const editor = useEditor({
    schema: applicationSchema,
    defaultValue: application ?? { regionCode: "", brandId: "" },
    stamp: application?.updatedAt,
  });
  const { fields } = editor;
  return (
    <EditorPage
      editor={editor}
      ns="adminApplications"
      backTo={toApplications()}
      exists={Boolean(application)}
      editing={canWrite}
      deleteValues={{ name: application?.displayName ?? "" }}
    >
      {TEXT_FIELDS.map((name) => (
        <Field
          key={name}
          field={fields[name]}
          kind={name === "link" ? "url" : "text"}
          label={t(`adminApplications.${name}`)}
          help={name === "link" ? t("adminApplications.linkHelp") : undefined}
        />
      ))}
      <div className="field-row">
        <Field
          field={fields.brandId}
          kind="select"
          label={t("adminApplications.brand")}
          options={[1, 2, 3, 4, 5].map((id) => ({ value: String(id), label: t(`brands.${id}`) }))}
        />
        <Field
          field={fields.regionCode}
          kind="select"
          label={t("adminApplications.region")}
          options={["NA", "EMEA", "APAC"].map((code) => ({ value: code, label: t(`regions.${code}`) }))}
        />
      </div>
      {APPLICATION_LIST_FIELDS.map((name) => (
        <Field
          key={name}
          field={fields[name]}
          kind="multiselect"
          label={t(`adminApplications.${name}`)}
          options={options[name]}
          disabled={!canWrite}
        />
      ))}
      <Field
        field={fields.customRules}
        kind="textarea"
        rows={3}
        className="code"
        label={t("adminApplications.customRules")}
        help={t("adminApplications.customRulesHelp")}
      />
      <Field
        field={fields.requiresAssignment}
        kind="checkbox"
        label={t("adminApplications.requiresAssignment")}
        help={t("adminApplications.requiresAssignmentHelp")}
      />
      <ApplicationTranslations translations={fields.translations} />
    </EditorPage>
  );
}

/**
 * The display name and description in the other eight languages; an empty one shows the English
 * text. A language opens when it has a text or an error. Works without JavaScript (<details>).
 */
// The form's own type follows its default value; only the translations' shape matters here.
type TranslationsField = FieldMetadata<
  Partial<Record<string, { displayName?: string; description?: string }>>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's own schema
  any,
  string[]
>;

function ApplicationTranslations({ translations }: { translations: TranslationsField }) {
  const { t } = useTranslation();
  const byLocale = translations.getFieldset();
  return (
    <fieldset className="field translations">
      <legend>{t("adminApplications.translations")}</legend>
      <p className="field__help">{t("adminApplications.translationsHelp")}</p>
      {TRANSLATED_LOCALES.map((locale) => {
        const texts = byLocale[locale].getFieldset();
        const filled = Boolean(texts.displayName.initialValue || texts.description.initialValue);
        const failed = Boolean(texts.displayName.errors?.length || texts.description.errors?.length);
        return (
          <details key={locale} open={filled || failed} className="translations__language">
            <summary lang={locale}>{t(`languages.${locale}`)}</summary>
            <div className="field">
              <label htmlFor={texts.displayName.id}>
                {t("adminApplications.translatedDisplayName", { language: t(`languages.${locale}`) })}
              </label>
              <input
                {...getInputProps(texts.displayName, { type: "text" })}
                key={texts.displayName.key}
                lang={locale}
                maxLength={MAX_TEXT_LENGTH}
              />
              <FieldError id={texts.displayName.errorId} errors={texts.displayName.errors} />
            </div>
            <div className="field">
              <label htmlFor={texts.description.id}>
                {t("adminApplications.translatedDescription", { language: t(`languages.${locale}`) })}
              </label>
              <input
                {...getInputProps(texts.description, { type: "text" })}
                key={texts.description.key}
                lang={locale}
                maxLength={MAX_TEXT_LENGTH}
              />
              <FieldError id={texts.description.errorId} errors={texts.description.errors} />
            </div>
          </details>
        );
      })}
    </fieldset>
  );
}
