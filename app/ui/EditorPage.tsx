import { useForm, type DefaultValue, type FormMetadata, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData, useNavigation } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "~/translate/react";
import type { z } from "zod";
import { MAX_TEXT_LENGTH } from "~/limits";
import type { EditorReply } from "../forms/editor-action.server";
import { EditorActions, EditorDialogs } from "./EditorDialogs";
import { EditorForm } from "./EditorForm";
import { useUnsavedChanges } from "./UnsavedChanges";
import { useRescuedSubmission } from "./form-rescue";
import { useTypingDraft } from "./typing-draft";

/**
 * An editor's form state: Conform's form and fields over the editor's schema (checked in the
 * browser as on the server), the answer of the last post, the edit stamp (the record's, or the
 * current one after a conflict), the unsaved-changes prompt, and the messages with their values.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each editor has its own shape
export function useEditor<Shape extends Record<string, any>>(options: {
  schema: z.ZodTypeAny;
  defaultValue: DefaultValue<Shape>;
  /** The record's own stamp; none for a new record. */
  stamp: string | undefined;
}) {
  const actionData = useActionData<EditorReply>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const rescued = useRescuedSubmission(options.schema);
  const draft = useTypingDraft(formRef, options.schema);
  const [form, fields] = useForm<Shape>({
    // Issue #34: a post that met an ended session fills the form in again until the next save; a
    // restored typing draft starts the form again from its values.
    id: draft.restored?.formId,
    lastResult: navigation.state === "idle" ? (actionData?.result ?? rescued?.result) : undefined,
    defaultValue: (draft.restored?.defaultValue as DefaultValue<Shape> | undefined) ?? options.defaultValue,
    // The schema's output is the record's shape; Conform cannot see that through a ZodTypeAny.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: options.schema }) as Submission<Shape>,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const unsaved = useUnsavedChanges(formRef);
  return {
    form,
    fields,
    formRef,
    ...unsaved,
    stamp: actionData?.stamp ?? draft.restored?.stamp ?? rescued?.stamp ?? options.stamp ?? "",
    draftPrompt: draft.prompt,
    errorText: (key: string) => String(t(key, { n: MAX_TEXT_LENGTH, ...actionData?.messageValues })),
  };
}

/** What the page needs of an editor, whatever the shape of its record. */
export type Editor = Omit<ReturnType<typeof useEditor>, "form" | "fields"> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each editor has its own shape
  form: FormMetadata<any, string[]>;
};

/**
 * The page of an administration editor: the way back, the title (new, edit or view), the
 * read-only notice, the form with its actions, the saved and delete dialogs and the
 * unsaved-changes prompt. Its texts are the editor's keys under `ns`: back, newTitle, editTitle,
 * viewTitle, saved, deleteTitle, deleteConfirm (with `deleteValues`) and deleteButton.
 */
export function EditorPage(props: {
  editor: Editor;
  ns: string;
  backTo: string;
  /** The record exists (else the page creates one). */
  exists: boolean;
  /** The user may save here; else the page only shows. */
  editing: boolean;
  deleteValues: Record<string, string>;
  /** What shows instead of the read-only notice while not editing. */
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { editor, ns, exists, editing } = props;
  const title = t(`${ns}.${!exists ? "newTitle" : editing ? "editTitle" : "viewTitle"}`);
  return (
    <div className="page">
      <p>
        <Link to={props.backTo}>‹ {t(`${ns}.back`)}</Link>
      </p>
      <h1>{title}</h1>
      {!editing && <p className="notice">{props.notice ?? t("common.readOnly")}</p>}
      {editing && editor.draftPrompt}
      <EditorForm
        form={editor.form}
        formRef={editor.formRef}
        onChange={editor.markDirty}
        stamp={editor.stamp}
        readOnly={!editing}
        legend={title}
        errorText={editor.errorText}
        actions={editing && <EditorActions canDelete={exists} submitting={editor.submitting} />}
      >
        {props.children}
      </EditorForm>
      <EditorDialogs
        savedText={t(`${ns}.saved`)}
        backTo={props.backTo}
        backLabel={t(`${ns}.back`)}
        deleteTitle={t(`${ns}.deleteTitle`)}
        deleteText={t(`${ns}.deleteConfirm`, props.deleteValues)}
        deleteButton={t(`${ns}.deleteButton`)}
        canDelete={exists && editing}
      />
      {editor.prompt}
    </div>
  );
}
