import { useTranslation } from "react-i18next";
import { MAX_TEXT_LENGTH } from "~/validation/sign-in";

/** A field's first error, translated from its message key. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error">
      {t(errors[0], { n: MAX_TEXT_LENGTH })}
    </p>
  );
}
