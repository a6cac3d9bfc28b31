import { useTranslation } from "~/translate/react";
import { FileField } from "~/ui/FileField";
import { ACCEPTED_EXTENSIONS } from "~/documents/file-types";

/** The document library's file input: its allowed types and limit. */
export function DocumentFileField({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <FileField
      id={id}
      label={t("adminDocuments.file")}
      help={t("adminDocuments.fileHelp")}
      accept={ACCEPTED_EXTENSIONS}
      errors={errors}
    />
  );
}
