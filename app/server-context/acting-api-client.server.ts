import { requestScope } from "./request-scope.server";

/**
 * The API client a request acts for (issue #35 §3, ADR 39), set by the API's guard once the
 * client's token is checked. Two things read it for the whole request, so that no service call
 * can forget them: the dealer locations a query may reach (the client's, within its creator's),
 * and the audit rows written (they name the client beside its creator).
 */
export interface ActingApiClient {
  id: number;
  /** The identity it acts for: its creator. */
  creatorId: number;
  /** The dealer locations it may act on. */
  locationIds: readonly number[];
}

const KEY = "acting-api-client";

export function actAsApiClient(client: ActingApiClient): void {
  requestScope.getStore()?.set(KEY, client);
}

/** The API client of the request being answered (or of the scope given), or undefined: a person, or no request. */
export function actingApiClient(store = requestScope.getStore()): ActingApiClient | undefined {
  return store?.get(KEY) as ActingApiClient | undefined;
}
