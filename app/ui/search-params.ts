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
