import { useLocation } from "@remix-run/react";
import { Form } from "./Form";
import type { ReactNode } from "react";
import { useTranslation } from "~/translate/react";
import { MAX_TEXT_LENGTH } from "~/limits";

/**
 * A list's search: a GET form (works without JavaScript) keeping the list's other state as hidden
 * fields; a list's filters (`children`) go in the same form, so search and filters apply together.
 */
export function SearchForm({
  id,
  label,
  query,
  keep = {},
  children,
}: {
  id: string;
  label: string;
  query: string;
  keep?: Record<string, string | null | undefined>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  // A new address (a link that clears the search, a column sort) shows its own search and filters.
  const { search } = useLocation();
  return (
    <Form method="get" className="search-form" role="search" key={search}>
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" name="q" defaultValue={query} maxLength={MAX_TEXT_LENGTH} />
      {children}
      <button type="submit" className="button">
        {t("common.search")}
      </button>
    </Form>
  );
}
