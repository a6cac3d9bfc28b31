import { tableStateOf, type TableState } from "~/lists/table-state";
import { DAY_MS } from "~/limits";

/** The users list's sortable columns (issue #14 §2). */
export const USER_SORTS = ["name", "email", "location", "lastLogin", "status"] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** A user's state as the list shows it: signed in before, switched off, or not yet verified. */
export const USER_STATUSES = ["active", "inactive", "awaitingVerification", "verificationExpired"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_TYPES = ["internal", "external"] as const;
/** Administrator or standard user (the identity's role, SPEC §3). */
export const USER_KINDS = ["administrator", "standard"] as const;
/** Last sign-in: never, or longer ago than 30, 90 or 180 days. */
export const LAST_LOGIN_FILTERS = ["never", "over30", "over90", "over180"] as const;
/**
 * Issue #39 §4: the users whose auto-deactivation comes within the first warning's 14 days; §5: the
 * deactivated users who asked to be active again.
 */
export const DEACTIVATION_FILTERS = ["soon", "reactivationRequested"] as const;

export interface UserFilters {
  status?: UserStatus;
  userType?: (typeof USER_TYPES)[number];
  kind?: (typeof USER_KINDS)[number];
  lastLogin?: (typeof LAST_LOGIN_FILTERS)[number];
  deactivation?: (typeof DEACTIVATION_FILTERS)[number];
  /** The SCIM connection (an API client's id) that made the users (issue #36). */
  provisionedBy?: number;
}

export type UserListState = TableState<UserSort> & UserFilters;

/** A filter's value from the URL, when it is one of the known ones; anything else is no filter. */
function oneOf<T extends string>(raw: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((value) => value === raw);
}

/** The list's search, filters, sort and page from its URL (the screen, its export and the API read it alike). */
export function userListStateOf(params: URLSearchParams): UserListState {
  return {
    ...tableStateOf<UserSort>(params, USER_SORTS, { sortBy: "name", sortType: "asc" }),
    status: oneOf(params.get("status"), USER_STATUSES),
    userType: oneOf(params.get("userType"), USER_TYPES),
    kind: oneOf(params.get("kind"), USER_KINDS),
    lastLogin: oneOf(params.get("lastLogin"), LAST_LOGIN_FILTERS),
    deactivation: oneOf(params.get("deactivation"), DEACTIVATION_FILTERS),
    provisionedBy: idOf(params.get("provisionedBy")),
  };
}

/** A record id from the URL, or no filter. */
function idOf(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/** The last-login filter's cutoff: a sign-in before it is "over N days" ago; null for "never" and no filter. */
export function lastLoginCutoff(filter: UserFilters["lastLogin"], now: Date): Date | null {
  if (!filter || filter === "never") return null;
  const days = Number(filter.slice("over".length));
  return new Date(now.getTime() - days * DAY_MS);
}

/** What the list shows as a user's status; an unverified user whose link lapsed shows so (issue #15 §2). */
export function userStatusOf(user: {
  status: "active" | "inactive";
  emailVerifiedAt: Date | null;
  verificationExpiredAt: Date | null;
}): UserStatus {
  if (user.status === "inactive") return "inactive";
  if (user.emailVerifiedAt) return "active";
  return user.verificationExpiredAt ? "verificationExpired" : "awaitingVerification";
}
