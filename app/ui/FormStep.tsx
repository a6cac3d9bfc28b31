import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import type { ReactNode } from "react";
import { useTranslation } from "~/translate/react";
import { FormErrors } from "~/ui/EditorDialogs";

/**
 * A page of one short form (a step of the create flow, a new API client): a back link,
 * the title, what the step says first, and its form with the form-level errors and its button.
 */
export function FormStep(props: {
  title: string;
  back: { to: string; label: string };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each step has its own schema
  form: FormMetadata<any, string[]>;
  intro?: ReactNode;
  /** The submit button's text (default: the create flow's "Continue"). */
  submitLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="page page--narrow">
      <p>
        <Link to={props.back.to}>‹ {props.back.label}</Link>
      </p>
      <h1>{props.title}</h1>
      {props.intro}
      <Form method="post" {...getFormProps(props.form)} noValidate className="editor">
        <FormErrors
          id={props.form.errorId}
          errors={props.form.errors}
          show={Boolean(props.form.errors?.length)}
          text={(key) => t(key)}
        />
        {props.children}
        <div className="editor__actions">
          <button type="submit" className="button" disabled={submitting}>
            {props.submitLabel ?? t("adminUsers.startButton")}
          </button>
        </div>
      </Form>
    </div>
  );
}
