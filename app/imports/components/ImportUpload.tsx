import { useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { FileField } from "~/ui/FileField";

/** The types an import takes (the server checks the content; this only narrows the picker). */
const IMPORT_ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Upload one CSV or XLSX file for its check (the dry run); the file's problem, if the last post had one. */
export function ImportUpload({ fileError }: { fileError?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const checking = navigation.state === "submitting" && navigation.formData?.get("intent") === "check";
  return (
    <section aria-labelledby="import-upload-title">
      <h2 id="import-upload-title">{t("imports.upload.heading")}</h2>
      <Form method="post" encType="multipart/form-data" noValidate className="editor">
        <input type="hidden" name="intent" value="check" />
        <FileField
          id="import-file"
          label={t("imports.upload.file")}
          help={t("imports.upload.help")}
          accept={IMPORT_ACCEPT}
          errors={fileError ? [fileError] : undefined}
        />
        <div className="editor__actions">
          <button type="submit" className="button" disabled={checking}>
            {checking ? t("imports.upload.checking") : t("imports.upload.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
