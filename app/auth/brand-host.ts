/** True when the request's host carries the third brand's marker (SPEC §4 Theme). */
export function isBrand3Host(host: string, marker: string): boolean {
  return host.toLowerCase().includes(marker.toLowerCase());
}

/**
 * The brand/host check of SPEC §5: on the third brand's host a user needs brand 3; elsewhere
 * a user whose every brand is the third one does not belong.
 */
export function brandHostMismatch(onBrand3Host: boolean, brandIds: readonly number[]): boolean {
  if (onBrand3Host) return !brandIds.includes(3);
  return brandIds.length > 0 && brandIds.every((id) => id === 3);
}
