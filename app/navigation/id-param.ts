/**
 * The one parser of record ids in route parameters, search parameters and form values: a positive
 * 32-bit integer written plainly (the serial columns' range), else null. `1e20`, `0x10`, `-1`,
 * `01` and 20-digit values are not ids.
 */
export function recordIdOf(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** An optional record id from a route parameter: null when absent, a 404 when not an id. */
export function optionalIdParam(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  return requiredIdParam(raw);
}

/** A record id from a route parameter; a 404 when it is not one. */
export function requiredIdParam(raw: string | undefined): number {
  const id = recordIdOf(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}
