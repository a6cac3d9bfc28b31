/** A link to the same page with one search parameter set (or removed with null). */
export function withSearchParam(
  location: { pathname: string; search: string },
  name: string,
  value: string | null,
): string {
  const params = new URLSearchParams(location.search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const search = params.toString();
  return location.pathname + (search ? `?${search}` : "");
}

/** An address with its query (parameters without a value are left out). */
export function hrefWith(path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return path + (search ? `?${search}` : "");
}
