import { DIRECTORY_REVIEW_REPROMPT_DAYS } from "~/limits";

/** The two directories (SPEC §4): primary contacts per business area, and singular permissions. */
export const DIRECTORY_CONTEXTS = ["DEALER_LOCATION", "SINGULAR_ROLES"] as const;
export type DirectoryContext = (typeof DIRECTORY_CONTEXTS)[number];
/** The context a path or a call without one means (SPEC §7). */
export const DEFAULT_DIRECTORY_CONTEXT: DirectoryContext = "SINGULAR_ROLES";

export function directoryContextOf(value: string | null | undefined): DirectoryContext | null {
  if (value === null || value === undefined || value === "") return DEFAULT_DIRECTORY_CONTEXT;
  return (DIRECTORY_CONTEXTS as readonly string[]).includes(value) ? (value as DirectoryContext) : null;
}

/** The person assigned to a role at a location (SPEC §3 Item.identity). */
export interface DirectoryPerson {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  serialNumber: string;
}

/** A role of a directory configuration, with the person assigned at one location, if any. */
export interface DirectoryItem {
  id: number;
  name: string;
  displayName: string;
  /** Sanitised HTML. */
  description: string;
  required: boolean;
  identity: DirectoryPerson | null;
}

/** SPEC §3 Directory location: the first configuration is the one used. */
export interface DirectoryLocation {
  id: number;
  locationName: string;
  configurations: { id: number; items: DirectoryItem[] }[];
}

/** SPEC §4: a location requires attention if an item of its first configuration is required and has no identity. */
export function requiresAttention(location: DirectoryLocation): boolean {
  const [first] = location.configurations;
  return Boolean(first?.items.some((item) => item.required && !item.identity));
}

/** A person as the review shows them: "first last - email" (SPEC §2). */
export function personLabel(person: Pick<DirectoryPerson, "firstName" | "lastName" | "email">): string {
  return `${person.firstName} ${person.lastName} - ${person.email}`;
}

/** One selection of the save payload (SPEC §3 Directory save payload). */
export interface DirectorySelection {
  directoryDataTypeId: number;
  identityId: number;
  serialNumber?: string;
}

/** SPEC §3: selections with identityId 0 (the "Select User" placeholder) are dropped before saving. */
export function selectionsToSave<S extends DirectorySelection>(selections: readonly S[]): S[] {
  return selections.filter((selection) => selection.identityId !== 0);
}

/**
 * Whether a directory review asks at sign-in (SPEC §4): only while a location needs attention;
 * the dealer-location review again 90 days after the last one (or a skip), the singular-roles
 * review at every sign-in until the roles are filled.
 */
export function directoryReviewIsDue(input: {
  context: DirectoryContext;
  anyLocationNeedsAttention: boolean;
  lastReviewedAt: Date | null;
  now: Date;
}): boolean {
  if (!input.anyLocationNeedsAttention) return false;
  if (input.context === "SINGULAR_ROLES" || !input.lastReviewedAt) return true;
  return input.now.getTime() - input.lastReviewedAt.getTime() > DIRECTORY_REVIEW_REPROMPT_DAYS * 86_400_000;
}

/** The brands a directory call asks for (SPEC §7 brandIds, comma-separated, default 1); null when malformed. */
export function brandIdsParam(raw: string | null): number[] | null {
  if (raw === null || raw.trim() === "") return [1];
  const parts = raw.split(",").map((part) => part.trim());
  if (parts.length > 5 || !parts.every((part) => /^[1-5]$/.test(part))) return null;
  return [...new Set(parts.map(Number))];
}
