import type { TFunction } from "~/translate/translator";
import { dayRangeOf } from "~/lists/date-range";
import { tableStateOf, type TableState } from "~/lists/table-state";
import { MAX_TEXT_LENGTH } from "~/limits";

/** The two audit views (SPEC §2 Audit edit history): one screen, the entity of each address. */
export const AUDIT_VIEWS = { users: "identity", organizations: "organization" } as const;
export type AuditView = keyof typeof AUDIT_VIEWS;

export function auditViewOf(param: string | undefined): AuditView | null {
  return param === "users" || param === "organizations" ? param : null;
}

export const AUDIT_OPERATIONS = ["create", "update", "delete", "move", "resync", "previewed"] as const;
export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];

export const AUDIT_SORTS = ["id", "subject", "operation", "field", "changedOn", "changedBy"] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

/** A sign-in is audited as this field's change (issue #15 §4 "exclude last logins"). */
export const LAST_LOGIN_FIELD = "lastLoginAt";

/** A network's history search whose text the database expects to match at most this many users reads their entries user by user. */
export const SUBJECTS_BY_USER = 2_000;
/** …at most this many: their ids are gathered first, a set each entry is checked against; more (most of the network): each entry's user is checked. */
export const SUBJECTS_AS_SET = 100_000;

/**
 * How a network's history search reads the users it matches, from how many it is expected to
 * match (ADR 43): user by user (a few: their entries by the subject index), as a set of ids (each
 * entry checked against it), or on each entry (nearly every user matches).
 */
export function subjectsReadOf(expectedUsers: number): "byUser" | "asSet" | "eachEntry" {
  if (expectedUsers <= SUBJECTS_BY_USER) return "byUser";
  return expectedUsers <= SUBJECTS_AS_SET ? "asSet" : "eachEntry";
}

/**
 * A view whose filters the database expects to match at most this many entries reads them first
 * and sorts them; more are walked in the sort's index order, where a page needs only its few.
 */
export const ENTRIES_FIRST_ROWS = 50_000;

/** Whether an audit view reads its matching entries first, from the entries it is expected to match. */
export function readsEntriesFirst(expectedEntries: number): boolean {
  return expectedEntries <= ENTRIES_FIRST_ROWS;
}

/** A capped count stands on the estimate when this many times its limit are expected. */
export const ESTIMATE_MARGIN = 10;

/**
 * Whether a network's capped count is taken from the estimate instead of read: the entries
 * expected are many times what it would look for (the counts "may be estimated for broad filters",
 * issue #37 §5; the page says "more than" either way).
 */
export function countsByEstimate(expectedEntries: number, countLimit: number): boolean {
  return expectedEntries >= ESTIMATE_MARGIN * countLimit;
}

/** The filters as typed: the search (user or organization) is the table state's query. */
export interface AuditFilters {
  from: string;
  to: string;
  operation: string;
  excludeLastLogins: boolean;
}

export interface AuditQuery {
  state: TableState<AuditSort>;
  filters: AuditFilters;
  applied: { from?: Date; before?: Date; operation?: AuditOperation; excludeLastLogins: boolean };
  problems: { from?: string; to?: string };
}

/** The audit view's state from its URL: newest first; the valid filters applied, the others named. */
/** The history's filters from a URL; its days are whole days in the viewer's time zone. */
export function auditQueryOf(params: URLSearchParams, timeZone?: string): AuditQuery {
  const text = (name: string) => (params.get(name) ?? "").trim().slice(0, MAX_TEXT_LENGTH);
  const filters: AuditFilters = {
    from: text("from"),
    to: text("to"),
    operation: text("operation"),
    excludeLastLogins: params.get("excludeLastLogins") === "1",
  };
  const { problems, ...days } = dayRangeOf(filters.from, filters.to, timeZone);
  const operation = AUDIT_OPERATIONS.find((known) => known === filters.operation);
  return {
    state: tableStateOf(params, AUDIT_SORTS, { sortBy: "changedOn", sortType: "desc" }),
    filters: { ...filters, operation: operation ?? "" },
    applied: { ...days, operation, excludeLastLogins: filters.excludeLastLogins },
    problems,
  };
}

/** Whether an audited change is a sign-in alone (which "exclude last logins" hides and no target is sent). */
export function onlySignIn(changes: readonly { field: string | null }[]): boolean {
  return changes.length > 0 && changes.every((change) => change.field === LAST_LOGIN_FIELD);
}

/** Who made a change, as the history says it: a person, an API client for a person, or the system. */
export function changedByText(row: { changedBy: string | null; changedByClient: string | null }, t: TFunction): string {
  if (row.changedByClient !== null)
    return t("audit.byApiClient", { client: row.changedByClient, person: row.changedBy ?? t("audit.system") });
  return row.changedBy ?? t("audit.system");
}
