/** The name of the free-text companion of a multiselect (values typed without JavaScript). */
export const newTagsName = (name: string) => `${name}__new`;

/** Folds the comma-separated new values posted without JavaScript into their list fields. */
export function mergeNewTags(formData: FormData, fields: readonly string[]): FormData {
  const merged = new FormData();
  const newNames = new Set(fields.map(newTagsName));
  for (const [key, value] of formData.entries()) if (!newNames.has(key)) merged.append(key, value);
  for (const field of fields) {
    const typed = formData.get(newTagsName(field));
    if (typeof typed !== "string") continue;
    const existing = new Set(merged.getAll(field).map(String));
    for (const part of typed
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)) {
      if (!existing.has(part)) merged.append(field, part);
      existing.add(part);
    }
  }
  return merged;
}
