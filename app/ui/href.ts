/** A link's query: parameters without a value are left out. */
export type LinkQuery = Record<string, string | number | undefined>;

/** An address with its query (parameters without a value are left out). */
export function hrefWith(path: string, query: LinkQuery = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return path + (search ? `?${search}` : "");
}
