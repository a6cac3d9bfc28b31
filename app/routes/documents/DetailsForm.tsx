import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useRef } from "react";
import { useTranslation } from "~/translate/react";
import { useTypingDraft } from "~/ui/typing-draft";
import { documentDetailsSchema } from "~/documents/schema";
import { MAX_TEXT_LENGTH } from "~/limits";
import { FormErrors } from "~/ui/EditorDialogs";
import { DocumentDetailFields } from "~/documents/components/DocumentDetailFields";

/** Edit a document's details; the file stays (Replace changes it). */
export function DetailsForm(props: {
  target: {
    id: number;
    name: string;
    description: string;
    subject: string;
    brandIds: string[];
    regionCodes: string[];
    updatedAt: string;
  };
  reply?: { result: SubmissionResult<string[]>; stamp?: string | null };
  returnTo: string;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  // Issue #34: a long description typed and lost to a closed tab is offered back.
  const draft = useTypingDraft(formRef, documentDetailsSchema, `document-${props.target.id}`);
  const [form, fields] = useForm({
    id: draft.restored?.formId ?? `edit-${props.target.id}`,
    lastResult: navigation.state === "idle" ? props.reply?.result : undefined,
    defaultValue: (draft.restored?.defaultValue as typeof props.target | undefined) ?? props.target,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: documentDetailsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} ref={formRef} noValidate className="editor">
      {draft.prompt}
      <FormErrors
        id={form.errorId}
        errors={form.errors}
        show={Boolean(form.errors?.length)}
        text={(key) => t(key, { n: MAX_TEXT_LENGTH })}
      />
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="id" value={props.target.id} />
      <input
        type="hidden"
        name="updatedAt"
        value={props.reply?.stamp ?? draft.restored?.stamp ?? props.target.updatedAt}
      />
      <input type="hidden" name="returnTo" value={props.returnTo} />
      <DocumentDetailFields fields={fields} />
      <div className="modal__actions">
        <Link to={props.cancelTo} className="button button--secondary" preventScrollReset>
          {t("common.cancel")}
        </Link>
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          {t("adminDocuments.editButton")}
        </button>
      </div>
    </Form>
  );
}
