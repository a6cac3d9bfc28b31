import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "./Form";
import { useState, type ReactNode, type RefObject } from "react";
import { FormErrors } from "./EditorDialogs";

/** The name of Conform's list buttons (its INTENT, which only @conform-to/dom exports). */
const CONFORM_INTENT = "__intent__";

/**
 * The form of an administration editor: a plain post with the record's edit stamp, the
 * form-level message once a save was tried, one fieldset that is disabled when the editor only
 * views, and the actions after it.
 */
export function EditorForm(props: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each editor has its own schema
  form: FormMetadata<any, string[]>;
  formRef: RefObject<HTMLFormElement>;
  onChange: () => void;
  stamp: string;
  readOnly: boolean;
  legend: string;
  errorText: (key: string) => string;
  actions: ReactNode;
  children: ReactNode;
}) {
  const [attempted, setAttempted] = useState(false);
  const { form } = props;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onSubmit={(event) => {
        // Adding or removing a row is no attempt to save.
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (submitter?.getAttribute("name") !== CONFORM_INTENT) setAttempted(true);
        form.onSubmit(event);
      }}
      ref={props.formRef}
      noValidate
      onChange={props.onChange}
      className="editor"
    >
      <FormErrors
        id={form.errorId}
        errors={form.errors}
        show={attempted && Object.keys(form.allErrors).length > 0}
        text={props.errorText}
      />
      <input type="hidden" name="updatedAt" value={props.stamp} />
      <fieldset disabled={props.readOnly} className="editor__fields">
        <legend className="visually-hidden">{props.legend}</legend>
        {props.children}
      </fieldset>
      {props.actions}
    </Form>
  );
}
