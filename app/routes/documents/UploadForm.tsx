import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useState } from "react";
import { useTranslation } from "~/translate/react";
import { documentSchema } from "~/documents/schema";
import { MAX_TEXT_LENGTH } from "~/limits";
import { FormErrors } from "~/ui/EditorDialogs";
import { DocumentDetailFields } from "~/documents/components/DocumentDetailFields";
import { DocumentFileField } from "~/documents/components/DocumentFileField";

/** The managers' upload form: name, description, subject, brands, regions and one file. */
export function UploadForm({ lastResult, returnTo }: { lastResult?: SubmissionResult<string[]>; returnTo: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [attempted, setAttempted] = useState(false);
  const [form, fields] = useForm({
    id: "upload",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: { brandIds: [], regionCodes: [] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: documentSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const fileErrors = (form.allErrors.file as string[] | undefined) ?? undefined;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  return (
    <section className="upload" aria-labelledby="upload-title">
      <h2 id="upload-title">{t("adminDocuments.uploadTitle")}</h2>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        onSubmit={(event) => {
          setAttempted(true);
          form.onSubmit(event);
        }}
        noValidate
        className="editor"
      >
        <FormErrors
          id={form.errorId}
          errors={form.errors}
          show={attempted && Object.keys(form.allErrors).length > 0}
          text={(key) => t(key, { n: MAX_TEXT_LENGTH })}
        />
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <DocumentDetailFields fields={fields} />
        <DocumentFileField id="upload-file" errors={fileErrors} />
        <div className="editor__actions">
          <button type="submit" className="button" disabled={submitting}>
            {t("adminDocuments.upload")}
          </button>
        </div>
      </Form>
    </section>
  );
}
