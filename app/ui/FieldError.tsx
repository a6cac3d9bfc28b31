import { useTranslation } from "~/translate/react";
import { MAX_TEXT_LENGTH } from "~/limits";

/** A field's first error, translated from its message key (`values` fill its placeholders; `n` defaults to the text maximum). */
export function FieldError({
  id,
  errors,
  values,
}: {
  id: string;
  errors?: string[];
  values?: Record<string, string | number>;
}) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error">
      {t(errors[0], { n: MAX_TEXT_LENGTH, ...values })}
    </p>
  );
}
