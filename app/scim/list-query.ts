/*
 * A SCIM list request's parameters (RFC 7644 §3.4.2): filter, startIndex and count (1-based; a
 * count over the maximum is the maximum), sortBy and sortOrder, attributes and excludedAttributes.
 */
import { ScimError } from "~/api/scim-error";
import { SCIM_DEFAULT_COUNT, SCIM_MAX_RESULTS } from "~/limits";

export interface ScimListParameters {
  filter?: string;
  startIndex: number;
  count: number;
  sortBy?: string;
  sortOrder: "ascending" | "descending";
  attributes: string[];
  excludedAttributes: string[];
}

/** A whole number of a parameter, or the fallback when absent; not a number: invalidValue. */
function whole(params: URLSearchParams, name: string, fallback: number): number {
  const raw = params.get(name);
  if (raw === null || raw.trim() === "") return fallback;
  if (!/^-?\d{1,12}$/.test(raw.trim())) throw new ScimError(400, "scim.errors.parameter", "invalidValue", { name });
  return Number(raw.trim());
}

function names(params: URLSearchParams, name: string): string[] {
  return (params.get(name) ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .slice(0, 50);
}

export function scimListParametersOf(params: URLSearchParams): ScimListParameters {
  const sortOrder = (params.get("sortOrder") ?? "ascending").toLowerCase();
  if (sortOrder !== "ascending" && sortOrder !== "descending")
    throw new ScimError(400, "scim.errors.parameter", "invalidValue", { name: "sortOrder" });
  const filter = params.get("filter")?.trim();
  const sortBy = params.get("sortBy")?.trim();
  return {
    ...(filter ? { filter } : {}),
    startIndex: Math.max(1, Math.min(whole(params, "startIndex", 1), 2_000_000_000)),
    count: Math.max(0, Math.min(whole(params, "count", SCIM_DEFAULT_COUNT), SCIM_MAX_RESULTS)),
    ...(sortBy ? { sortBy } : {}),
    sortOrder,
    attributes: names(params, "attributes"),
    excludedAttributes: names(params, "excludedAttributes"),
  };
}
