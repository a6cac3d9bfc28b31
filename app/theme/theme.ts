/** Brand themes (SPEC §4 Theme). */
export const BRAND_IDS = [1, 2, 3, 4, 5] as const;
export type BrandId = (typeof BRAND_IDS)[number];
export const THEME_COOKIE = "theme";
/** The first two brands share the special logo (SPEC §2 Brand switcher). */
export function logoOf(brandId: BrandId): string {
  return brandId === 1 || brandId === 2 ? "/brands/vantor-logo.svg" : `/brands/${brandId}/logo.svg`;
}
export function faviconOf(brandId: BrandId): string {
  return `/brands/${brandId}/favicon.svg`;
}

export function parseBrandId(value: unknown): BrandId | undefined {
  const n =
    typeof value === "number" ? value : typeof value === "string" && /^[1-5]$/.test(value) ? Number(value) : NaN;
  return (BRAND_IDS as readonly number[]).includes(n) ? (n as BrandId) : undefined;
}

/**
 * The theme to render: `?brand=` preselects, else the kept choice, else brand 3 on its host
 * and brand 1 elsewhere. When the user's brands are known and the theme is not among them,
 * the first accessible brand wins.
 */
export function resolveTheme(input: {
  queryBrand?: unknown;
  cookieBrand?: unknown;
  onBrand3Host: boolean;
  accessibleBrandIds?: readonly number[];
}): BrandId {
  const chosen = parseBrandId(input.queryBrand) ?? parseBrandId(input.cookieBrand) ?? (input.onBrand3Host ? 3 : 1);
  const accessible = input.accessibleBrandIds?.map(parseBrandId).filter((b): b is BrandId => b !== undefined) ?? [];
  if (accessible.length > 0 && !accessible.includes(chosen)) return accessible[0];
  return chosen;
}
