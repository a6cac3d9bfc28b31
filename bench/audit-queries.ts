/** The audit views' queries bench:audit varies: a view, a search (or none), filters, a sort, now and then a later page. */

const TERMS = ["", "", "weber", "user4711@scale.example.com", "sven", "xu", "scale.example", "nobody-like-this"];
const ORGANIZATION_TERMS = ["", "", "dealer 0042", "lyon", "nothing-like-this"];
const SORTS = [
  "",
  "sortBy=id&sortType=desc",
  "sortBy=subject",
  "sortBy=operation&sortType=desc",
  "sortBy=field",
  "sortBy=changedOn&sortType=asc",
  "sortBy=changedBy",
  "sortBy=subject&sortType=desc",
];

const day = (daysAgo: number, now: Date) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** The filters, dated back from now: the bench's history spans the last 800 days. */
function filtersOf(now: Date): string[] {
  return [
    "",
    "operation=update",
    "excludeLastLogins=1",
    `from=${day(30, now)}&to=${day(0, now)}`,
    "operation=create",
    "operation=delete",
    `from=${day(400, now)}&to=${day(393, now)}&excludeLastLogins=1`,
    "operation=resync&excludeLastLogins=1",
  ];
}

/** The n-th call of the run: which view, and its query string. */
export function auditQueryOf(n: number, now: Date): { view: "users" | "organizations"; query: string } {
  const view = n % 4 === 3 ? "organizations" : "users";
  const terms = view === "users" ? TERMS : ORGANIZATION_TERMS;
  const filters = filtersOf(now);
  const term = terms[Math.floor(n / 3) % terms.length];
  const parts = [
    term ? `q=${encodeURIComponent(term)}` : "",
    filters[(n * 3) % filters.length],
    SORTS[n % SORTS.length],
    n % 11 === 0 ? "page=40" : n % 7 === 0 ? "page=3" : "",
  ];
  return { view, query: parts.filter(Boolean).join("&") };
}

/** The CSV exports bench:audit times: a filtered range of each view. */
export function auditExportsOf(now: Date): { view: "users" | "organizations"; query: string }[] {
  return [
    { view: "users", query: `from=${day(1, now)}&to=${day(1, now)}` },
    { view: "users", query: `from=${day(7, now)}&to=${day(1, now)}&excludeLastLogins=1` },
    { view: "users", query: `q=weber&from=${day(30, now)}&to=${day(0, now)}` },
    { view: "organizations", query: `from=${day(90, now)}&to=${day(0, now)}` },
  ];
}
