import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MAX_TEXT_LENGTH } from "~/limits";

/** A list's search: a GET form (works without JavaScript) keeping the list's other filters as hidden fields. */
export function SearchForm({
  id,
  label,
  query,
  keep = {},
}: {
  id: string;
  label: string;
  query: string;
  keep?: Record<string, string | null | undefined>;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="search-form" role="search">
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" name="q" defaultValue={query} maxLength={MAX_TEXT_LENGTH} />
      <button type="submit" className="button">
        {t("common.search")}
      </button>
    </Form>
  );
}
