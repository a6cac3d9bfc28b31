import type { TFunction } from "i18next";
import { dayRangeOf } from "~/lists/date-range";
import { tableStateOf, type TableState } from "~/lists/table-state";
import { MAX_TEXT_LENGTH } from "~/limits";

/** The two audit views (SPEC §2 Audit edit history): one screen, the entity of each address. */
export const AUDIT_VIEWS = { users: "identity", organizations: "organization" } as const;
export type AuditView = keyof typeof AUDIT_VIEWS;

export function auditViewOf(param: string | undefined): AuditView | null {
  return param === "users" || param === "organizations" ? param : null;
}

export const AUDIT_OPERATIONS = ["create", "update", "delete", "move", "resync"] as const;
export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];

export const AUDIT_SORTS = ["id", "subject", "operation", "field", "changedOn", "changedBy"] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

/** A sign-in is audited as this field's change (issue #15 §4 "exclude last logins"). */
export const LAST_LOGIN_FIELD = "lastLoginAt";

/**
 * A network's search of the users' history whose text the database expects to match at most this
 * many users reads their entries first (by the subject index) and sorts them; a broader one walks
 * the view's order and checks each entry's user, passing a few entries per match (ADR 43).
 */
export const SUBJECTS_FIRST_USERS = 2_000;

/** Whether a network's history search reads its users' entries first, from the users it is expected to match. */
export function readsSubjectsFirst(expectedUsers: number): boolean {
  return expectedUsers <= SUBJECTS_FIRST_USERS;
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
