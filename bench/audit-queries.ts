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

/** A whole number from 0 to `below` drawn for the n-th call and a salt (each part of a query drawn apart). */
function drawn(n: number, salt: number, below: number): number {
  let x = Math.imul(n + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca77);
  x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d);
  x ^= x >>> 13;
  return (x >>> 0) % below;
}

/** The n-th call of the run: which view, and its query string (the same n, the same call). */
export function auditQueryOf(n: number, now: Date): { view: "users" | "organizations"; query: string } {
  const view = drawn(n, 0, 4) === 3 ? "organizations" : "users";
  const terms = view === "users" ? TERMS : ORGANIZATION_TERMS;
  const filters = filtersOf(now);
  const term = terms[drawn(n, 1, terms.length)];
  const page = drawn(n, 4, 10);
  const parts = [
    term ? `q=${encodeURIComponent(term)}` : "",
    filters[drawn(n, 2, filters.length)],
    SORTS[drawn(n, 3, SORTS.length)],
    page === 0 ? "page=40" : page === 1 ? "page=3" : "",
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
