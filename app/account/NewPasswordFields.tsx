import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/translate/react";
import { Field } from "~/ui/Field";
import { PASSWORD_MIN_LENGTH } from "~/limits";
import { PASSWORD_SPECIALS } from "~/validation/password-policy";

/**
 * A new password and its confirmation, with the policy under the first (SPEC §5): the account
 * page's change of password and a new user's first password.
 */
export function NewPasswordFields(props: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each form has its own schema
  password: FieldMetadata<any, any, string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each form has its own schema
  confirm: FieldMetadata<any, any, string[]>;
  /** The texts' namespace: its `newPassword` or `password`, `confirmPassword` and `policy` keys. */
  ns: "accountSecurity" | "verifyEmail";
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        field={props.password}
        kind="password"
        autoComplete="new-password"
        label={t(props.ns === "accountSecurity" ? "accountSecurity.newPassword" : "verifyEmail.password")}
        help={t(`${props.ns}.policy`, { count: PASSWORD_MIN_LENGTH, specials: PASSWORD_SPECIALS })}
        errorValues={{ count: PASSWORD_MIN_LENGTH }}
      />
      <Field
        field={props.confirm}
        kind="password"
        autoComplete="new-password"
        label={t(`${props.ns}.confirmPassword`)}
      />
    </>
  );
}
