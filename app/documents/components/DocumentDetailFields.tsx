import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/translate/react";
import { SUBJECTS } from "~/documents/subjects";
import { Field } from "~/ui/Field";
import { AudienceCheckboxes } from "~/ui/CheckboxGroup";

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
      <Field field={fields.name} label={t("documents.name")} />
      <Field field={fields.description} label={t("documents.description")} />
      <Field
        field={fields.subject}
        kind="select"
        label={t("documents.subject")}
        options={SUBJECTS.map((subject) => ({ value: subject, label: t(`documents.subjects.${subject}`) }))}
      />
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
