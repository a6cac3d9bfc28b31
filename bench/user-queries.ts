/** The users list's searches the benches vary: a term (or none), a filter, a sort, now and then a later page. */

const TERMS = [
  "anders",
  "weber",
  "quinn",
  "maya",
  "user4711",
  "scale.example",
  "planner",
  "technician",
  "lyon",
  "dealer 0042",
  "osaka",
  "branch",
  "xu",
  "garcía",
  "sven",
  "0815@",
  "warranty",
  "nobody-like-this",
];
const FILTERS = [
  "",
  "status=active",
  "status=inactive",
  "status=awaitingVerification",
  "userType=internal",
  "kind=administrator",
  "lastLogin=never",
  "lastLogin=over90",
  "lastLogin=over180&status=active",
];
const SORTS = ["", "sortBy=email", "sortBy=location", "sortBy=lastLogin&sortType=desc", "sortBy=status"];

/** The n-th query of the run: a search term (or none), a filter and a sort, and now and then a later page. */
export function queryOf(n: number): string {
  const parts = [
    n % 5 === 4 ? "" : `q=${encodeURIComponent(TERMS[n % TERMS.length])}`,
    FILTERS[n % FILTERS.length],
    SORTS[n % SORTS.length],
    n % 7 === 0 ? "page=3" : "",
  ];
  return parts.filter(Boolean).join("&");
}
