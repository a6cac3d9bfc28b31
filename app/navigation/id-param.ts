/** An optional record id from a route parameter: null when absent, a 404 when not a positive integer. */
export function optionalIdParam(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  return id;
}

/** A record id from a URL or form value: a positive 32-bit integer (the serial columns' range), else null. */
export function recordIdOf(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
