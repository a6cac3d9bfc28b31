/**
 * Who manages whom (issue #14 §1, SPEC §6 "across all their assigned locations"): an
 * administrator manages a user who holds an assignment at one of the administrator's own
 * locations. Anyone else's user is, for that administrator, not there at all.
 */
export function managesUser(adminLocationIds: readonly number[], userLocationIds: readonly number[]): boolean {
  const own = new Set(adminLocationIds);
  return userLocationIds.some((id) => own.has(id));
}
