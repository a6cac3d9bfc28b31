/** What a save with the edit stamp came to: saved, missing, or a conflict with the record's current stamp (ADR 7). */
export type SaveOutcome = { kind: "saved" } | { kind: "conflict"; currentStamp: string } | { kind: "missing" };

/** The values of a message's placeholders (the roles of a cycle, how many hold a role …). */
export type MessageValues = Record<string, string | number>;

/**
 * A save or delete the service refused for a reason of its own (a taken name, a cycle, a record in
 * use): its message key, on the form or on one field, its placeholders, and the HTTP status. The
 * editor and the API say it alike.
 */
export interface Refusal {
  message: string;
  field?: string;
  values?: MessageValues;
  status?: number;
}

/** What a delete came to, whichever way its service says it: a boolean, or an outcome with a kind. */
export function removalOf(outcome: boolean | { kind: string }): "deleted" | "missing" | "refused" {
  if (typeof outcome === "boolean") return outcome ? "deleted" : "missing";
  return outcome.kind === "deleted" || outcome.kind === "missing" ? outcome.kind : "refused";
}
