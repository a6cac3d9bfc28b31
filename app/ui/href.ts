/** An address with its query (parameters without a value are left out). */
export function hrefWith(path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return path + (search ? `?${search}` : "");
}
