import type { SQL } from "drizzle-orm";
import type { RequiredAction } from "~/required-actions/rules";

/** What the part's rule knows of the user when it decides their required actions. */
export interface ProfileReader {
  features: readonly string[];
  /** When the current sign-in began (the identity's last sign-in when read without a session). */
  signedInAt: Date | null;
  now: Date;
}

/**
 * What a feature adds to the access profile's one statement (ADR 14, 26): its select expression
 * for the identity, kept in the profile under `key`, and the required actions its state asks for
 * now. The core assembles the parts; it names no feature.
 */
export interface ProfilePart<State = never> {
  key: string;
  /** A select expression over the identity's id giving the part's state as JSON. */
  select: (identityId: SQL) => SQL;
  requiredActions: (state: State, reader: ProfileReader) => RequiredAction[];
}

/**
 * What a feature adds to the session statement every signed-in page runs: a select expression
 * over the session's identity, and what it does with the value (it keeps it for the request).
 */
export interface SessionPart<Value = never> {
  column: string;
  select: (identityId: SQL) => SQL;
  prime: (identityId: number, value: Value) => void;
}

interface Parts {
  profile: readonly ProfilePart<never>[];
  session: readonly SessionPart<never>[];
}

let assembled: Parts | null = null;

/** Called once per process by the composition (app/assembly/portal.server.ts). */
export function assembleProfileParts(parts: Parts): void {
  assembled = parts;
}

/** The assembled parts; a process that reads profiles without them is a wiring fault, so it fails loudly. */
export function profileParts(): Parts {
  if (!assembled) throw new Error("The access profile's parts were not assembled (app/assembly/portal.server.ts)");
  return assembled;
}
