/** An optional record id from a route parameter: null when absent, a 404 when not a positive integer. */
export function optionalIdParam(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  return id;
}
