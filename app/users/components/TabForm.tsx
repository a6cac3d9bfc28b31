import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { z, ZodType } from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useRef, type ReactNode, type RefObject } from "react";
import { useTypingDraft } from "~/ui/typing-draft";
import { useTranslation } from "~/translate/react";
import { FormErrors } from "~/ui/EditorDialogs";
import { useUnsavedChanges } from "~/ui/UnsavedChanges";
import type { UserDraft } from "../draft";

export type TabFormProps = {
  draft: UserDraft;
  result?: SubmissionResult<string[]>;
  /** One's own account (issue #30): the tab's fields shown read-only, nothing to post. */
  locked?: boolean;
};

/** A tab's form: its fields, "Save and continue", the unsaved-changes prompt; locked, the fields read-only and why. */
export function TabForm(props: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tab has its own schema
  form: any;
  children: ReactNode;
  /** The form's error summary in words (default: each message key translated). */
  errorText?: (key: string) => string;
  locked?: boolean;
  /** The tab's typing draft (issue #34), where it keeps one: its form's ref and the offer. */
  draft?: TabDraft;
}) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLFormElement>(null);
  const ref = props.draft?.formRef ?? ownRef;
  const { markDirty, prompt, submitting } = useUnsavedChanges(ref);
  if (props.locked) {
    return (
      <div className="editor">
        <p className="notice">{t("adminUsers.selfChangeRefused")}</p>
        <fieldset disabled className="editor__fields">
          {props.children}
        </fieldset>
      </div>
    );
  }
  return (
    <Form method="post" {...getFormProps(props.form)} ref={ref} onChange={markDirty} noValidate className="editor">
      {props.draft?.prompt}
      <FormErrors
        id={props.form.errorId}
        errors={props.form.errors}
        show={Boolean(props.form.errors?.length)}
        text={props.errorText ?? ((key) => t(key))}
      />
      {props.children}
      <div className="editor__actions">
        <button type="submit" name="intent" value="save" className="button" disabled={submitting}>
          {t("adminUsers.saveAndContinue")}
        </button>
      </div>
      {prompt}
    </Form>
  );
}

/** A tab's typing draft: the form it watches and the offer to restore it. */
export interface TabDraft {
  formRef: RefObject<HTMLFormElement>;
  prompt: ReactNode;
}

/**
 * A tab form's Conform state: the tab's schema checks in the browser as on the server; the last
 * reply shows. `keepDraft` names the tab whose typing the browser keeps (issue #34 §4).
 */
export function useTabForm<S extends ZodType<Record<string, unknown>>>(
  schema: S,
  defaultValue: object,
  result: SubmissionResult<string[]> | undefined,
  keepDraft: string | null = null,
) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const typing = useTypingDraft(formRef, schema, keepDraft);
  const [form, fields] = useForm<z.input<S> & Record<string, unknown>, z.output<S>, string[]>({
    id: typing.restored?.formId,
    lastResult: navigation.state === "idle" ? result : undefined,
    // Each tab's values are the draft's, in the shape its schema reads (or the restored typing's).
    defaultValue: (typing.restored?.defaultValue ?? defaultValue) as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const draft: TabDraft = { formRef, prompt: typing.prompt };
  return [form, fields, draft] as const;
}
