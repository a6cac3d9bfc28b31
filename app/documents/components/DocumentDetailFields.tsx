import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { SUBJECTS } from "~/documents/subjects";
import { MAX_TEXT_LENGTH } from "~/limits";
import { FieldError } from "~/admin/FieldError";
import { AudienceCheckboxes } from "~/admin/CheckboxGroup";

// Conform's field metadata for the document fields of either form (upload or edit details).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;

/** Name, description, subject, brands and regions: the same fields in the upload and the edit form. */
export function DocumentDetailFields({
  fields,
}: {
  fields: { name: AnyField; description: AnyField; subject: AnyField; brandIds: AnyField; regionCodes: AnyField };
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field">
        <label htmlFor={fields.name.id}>{t("documents.name")}</label>
        <input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} maxLength={MAX_TEXT_LENGTH} />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.description.id}>{t("documents.description")}</label>
        <input
          {...getInputProps(fields.description, { type: "text" })}
          key={fields.description.key}
          maxLength={MAX_TEXT_LENGTH}
        />
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.subject.id}>{t("documents.subject")}</label>
        <select {...getSelectProps(fields.subject)} key={fields.subject.key}>
          <option value="">{t("common.selectOption")}</option>
          {SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {t(`documents.subjects.${subject}`)}
            </option>
          ))}
        </select>
        <FieldError id={fields.subject.errorId} errors={fields.subject.errors} />
      </div>
      <AudienceCheckboxes
        brandIds={fields.brandIds}
        regionCodes={fields.regionCodes}
        brandsLegend={t("adminDocuments.brands")}
        regionsLegend={t("adminDocuments.regions")}
        brandLabel={(id) => t(`brands.${id}`)}
        regionLabel={(code) => t(`regions.${code}`)}
      />
    </>
  );
}
