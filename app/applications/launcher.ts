/** One launcher entry: an application (or an admin link) in the user's language. */
export interface LauncherItem {
  id: string;
  name: string;
  description: string;
  link: string;
  regionCode: string | null;
  categories: readonly string[];
  sortOrder: number;
}

export interface LauncherCategory {
  /** null: the unnamed group of applications without a category. */
  name: string | null;
  items: LauncherItem[];
}

export interface LauncherRegion {
  regionCode: string | null;
  categories: LauncherCategory[];
}

export interface Launcher {
  /** Region headings show only with more than one region (SPEC §2 My applications). */
  showRegionHeadings: boolean;
  regions: LauncherRegion[];
}

export const ADMIN_CATEGORY = "Admin";

/** Named categories alphabetically, then the unnamed group, and the category named Admin last. */
export function compareCategories(a: string | null, b: string | null): number {
  const rank = (c: string | null) => (c === ADMIN_CATEGORY ? 2 : c === null ? 1 : 0);
  return rank(a) - rank(b) || (a ?? "").localeCompare(b ?? "");
}

const byOrderThenName = (a: LauncherItem, b: LauncherItem) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name);

/**
 * Groups applications by region, then by category (SPEC §2). An application with several
 * categories shows under each; one without any falls in the unnamed group.
 */
export function groupLauncher(items: readonly LauncherItem[], regionOrder: readonly string[] = []): Launcher {
  const regions = new Map<string | null, Map<string | null, LauncherItem[]>>();
  for (const item of items) {
    const categories = regions.get(item.regionCode) ?? new Map<string | null, LauncherItem[]>();
    regions.set(item.regionCode, categories);
    for (const category of item.categories.length > 0 ? item.categories : [null]) {
      const list = categories.get(category) ?? [];
      list.push(item);
      categories.set(category, list);
    }
  }
  const regionRank = (code: string | null) =>
    code === null
      ? Number.MAX_SAFE_INTEGER
      : regionOrder.indexOf(code) === -1
        ? regionOrder.length
        : regionOrder.indexOf(code);
  const grouped = [...regions.entries()]
    .sort(([a], [b]) => regionRank(a) - regionRank(b) || (a ?? "").localeCompare(b ?? ""))
    .map(([regionCode, categories]) => ({
      regionCode,
      categories: [...categories.entries()]
        .sort(([a], [b]) => compareCategories(a, b))
        .map(([name, list]) => ({ name, items: [...list].sort(byOrderThenName) })),
    }));
  const namedRegions = grouped.filter((r) => r.regionCode !== null).length;
  return { showRegionHeadings: namedRegions > 1, regions: grouped };
}

/** SPEC §2: links containing http open in a new tab; others are in-app routes. */
export function opensInNewTab(link: string): boolean {
  return link.includes("http");
}

export interface AdminMenuRegion {
  regionCode: string | null;
  items: LauncherItem[];
}

/**
 * SPEC §2 header Admin menu: the user's applications in the Admin category, by region in the
 * launcher's order, each once (an application in several categories is listed once).
 */
export function adminApplicationsByRegion(
  items: readonly LauncherItem[],
  regionOrder: readonly string[] = [],
): AdminMenuRegion[] {
  const admin = items
    .filter((item) => item.categories.includes(ADMIN_CATEGORY))
    .map((item) => ({ ...item, categories: [ADMIN_CATEGORY] }));
  return groupLauncher(admin, regionOrder).regions.map((region) => ({
    regionCode: region.regionCode,
    items: region.categories.flatMap((category) => category.items),
  }));
}
