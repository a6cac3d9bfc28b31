/** What a save with the edit stamp came to: saved, missing, or a conflict with the record's current stamp (ADR 7). */
export type SaveOutcome = { kind: "saved" } | { kind: "conflict"; currentStamp: string } | { kind: "missing" };
