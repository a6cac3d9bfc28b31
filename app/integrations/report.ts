import { numberProblemOf } from "~/validation/numeric";
import { tableStateOf, type TableState } from "~/lists/table-state";
import { dayRangeOf } from "~/lists/date-range";
import { MAX_TEXT_LENGTH } from "~/limits";

/** The integration error report's sortable columns (SPEC §3 Integration error). */
export const INTEGRATION_ERROR_SORTS = [
  "errorDate",
  "organizationId",
  "serialNumber",
  "integrationType",
  "targetType",
  "targetId",
  "functionName",
  "lastModified",
] as const;
export type IntegrationErrorSort = (typeof INTEGRATION_ERROR_SORTS)[number];

/** The CSV export's columns, in order: each names its field of an error row and its header's text key. */
export const INTEGRATION_ERROR_CSV_COLUMNS = [
  "errorDate",
  "organizationId",
  "serialNumber",
  "integrationType",
  "targetType",
  "targetId",
  "functionName",
  "logGroup",
  "logStream",
  "message",
  "lastModified",
] as const;

/** The report's filters as typed (SPEC §2): error date from and to, serial number, organization id. */
export interface IntegrationErrorFilters {
  from: string;
  to: string;
  serialNumber: string;
  organizationId: string;
}

/** The filters that hold, ready for the query: the dates as a half-open range of whole days (UTC). */
export interface AppliedFilters {
  from?: Date;
  /** The day after "to": the end date counts in full. */
  before?: Date;
  serialNumber?: string;
  organizationId?: number;
}

export interface IntegrationErrorQuery {
  state: TableState<IntegrationErrorSort>;
  filters: IntegrationErrorFilters;
  applied: AppliedFilters;
  /** A message key per filter that is not valid (that filter is not applied, and says so). */
  problems: Partial<Record<keyof IntegrationErrorFilters, string>>;
}

/** The report's state from its URL: the filters kept as typed, the valid ones applied, the others named. */
export function integrationErrorQueryOf(params: URLSearchParams, timeZone?: string): IntegrationErrorQuery {
  const text = (name: string) => (params.get(name) ?? "").trim().slice(0, MAX_TEXT_LENGTH);
  const filters = {
    from: text("from"),
    to: text("to"),
    serialNumber: text("serialNumber"),
    organizationId: text("organizationId"),
  };
  const { problems: dayProblems, ...days } = dayRangeOf(filters.from, filters.to, timeZone);
  const problems: IntegrationErrorQuery["problems"] = { ...dayProblems };
  const applied: AppliedFilters = { ...days };
  if (filters.serialNumber) applied.serialNumber = filters.serialNumber;
  if (filters.organizationId) {
    if (/^\d{1,9}$/.test(filters.organizationId)) applied.organizationId = Number(filters.organizationId);
    else problems.organizationId = numberProblemOf(filters.organizationId, "integer") ?? "validations.wholeNumber";
  }
  return {
    state: tableStateOf(params, INTEGRATION_ERROR_SORTS, { sortBy: "errorDate", sortType: "desc" }),
    filters,
    applied,
    problems,
  };
}
