import { FieldError } from "~/ui/FieldError";

/**
 * A file input with its label, help (allowed types, limit) and first error. It takes several
 * files on purpose: the server answers a second one with the spec's "one item at a time".
 */
export function FileField({
  id,
  label,
  help,
  accept,
  errors,
}: {
  id: string;
  label: string;
  help: string;
  accept: string;
  errors?: string[];
}) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        name="file"
        multiple
        accept={accept}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-help ${errorId}` : `${id}-help`}
      />
      <p id={`${id}-help`} className="field__help">
        {help}
      </p>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
