import { useTranslation } from "react-i18next";
import { ACCEPTED_EXTENSIONS } from "~/documents/file-types";
import { FieldError } from "~/admin/FieldError";

/** The file input with its allowed types and limit, and its first error. */
export function FileField({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{t("adminDocuments.file")}</label>
      <input
        id={id}
        type="file"
        name="file"
        multiple
        accept={ACCEPTED_EXTENSIONS}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-help ${errorId}` : `${id}-help`}
      />
      <p id={`${id}-help`} className="field__help">
        {t("adminDocuments.fileHelp")}
      </p>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
