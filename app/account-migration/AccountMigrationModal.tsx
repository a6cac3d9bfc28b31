import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useEffect, useState } from "react";
import { useTranslation } from "~/translate/react";
import { Modal } from "~/ui/Modal";
import { Field } from "~/ui/Field";
import { FormErrors } from "~/ui/EditorDialogs";
import { NewPasswordFields } from "~/account/NewPasswordFields";
import type { SecurityQuestion } from "./questions";
import { migrationSchema, SECURITY_ANSWER_MIN_LENGTH } from "./schema";

export interface MigrationData {
  questions: SecurityQuestion[];
  /** The names the password may not contain a part of (the token's name). */
  names: string[];
}

const TITLE_ID = "account-migration-title";

/**
 * The account migration modal (SPEC §2 "change password"): it cannot be closed. With JavaScript,
 * Save stays disabled while the form is invalid; without it the server answers with the messages.
 * It posts to /account/migrate, which answers with this modal again: its errors, or success.
 */
export function AccountMigrationModal(props: {
  migration: MigrationData;
  returnTo: string;
  result?: SubmissionResult<string[]>;
  /** The change failed on the server: its details, under the title. */
  failure?: string;
  /** Opened on demand (SPEC §6 feature:dev), not required: it can be closed. */
  closable?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { questions, names } = props.migration;
  const schema = migrationSchema(
    names,
    questions.map((q) => q.value),
  );
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? props.result : undefined,
    defaultValue: { securityQuestion: questions[0]?.value },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // Save is enabled only for a valid form; until hydration (or without JavaScript) the server decides.
  const [valid, setValid] = useState<boolean | null>(null);
  useEffect(() => setValid(false), []);
  const check = (event: React.FormEvent<HTMLFormElement>) =>
    setValid(schema.safeParse(Object.fromEntries(new FormData(event.currentTarget))).success);
  const action = `/account/migrate?returnTo=${encodeURIComponent(props.returnTo)}`;
  return (
    <Modal
      title={t("accountMigration.title")}
      titleId={TITLE_ID}
      closeTo={props.returnTo}
      closeLabel={t("common.close")}
      unclosable={!props.closable}
    >
      {props.failure && (
        <p className="form-error" role="alert">
          {t("accountMigration.failed", { message: props.failure })}
        </p>
      )}
      {questions.length === 0 ? (
        <p className="form-error" role="alert">
          {t("accountMigration.questionsFailed")}
        </p>
      ) : (
        <Form
          method="post"
          action={action}
          {...getFormProps(form)}
          noValidate
          className="editor"
          onInput={check}
          onChange={check}
        >
          <p>{t(props.closable ? "accountMigration.introOnDemand" : "accountMigration.intro")}</p>
          <FormErrors
            id={form.errorId}
            errors={form.errors}
            show={Boolean(form.errors?.length)}
            text={(key) => t(key)}
          />
          <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} ns="accountSecurity" />
          <Field
            field={fields.securityQuestion}
            kind="select"
            label={t("accountMigration.securityQuestion")}
            options={questions.map((q) => ({ value: q.value, label: q.value }))}
            placeholder={false}
          />
          <Field
            field={fields.securityAnswer}
            label={t("accountMigration.securityAnswer")}
            autoComplete="off"
            errorValues={{ count: SECURITY_ANSWER_MIN_LENGTH }}
          />
          <div className="modal__actions">
            <button type="submit" className="button" disabled={valid === false || navigation.state === "submitting"}>
              {t("common.save")}
            </button>
          </div>
        </Form>
      )}
    </Modal>
  );
}

/** After the change: SPEC "Password has been changed" and a Close that reloads the page. */
export function AccountMigrationDone({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  return (
    <Modal title={t("accountMigration.title")} titleId={TITLE_ID} closeTo={returnTo} closeLabel="" unclosable>
      <p className="notice notice--success" role="status">
        {t("accountMigration.changed")}
      </p>
      <div className="modal__actions">
        <a href={returnTo} className="button">
          {t("common.close")}
        </a>
      </div>
    </Modal>
  );
}
