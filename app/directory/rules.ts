import { DIRECTORY_REVIEW_REPROMPT_DAYS } from "~/limits";
import type { SanitizedHtml } from "~/ui/sanitized-html";
import { DIRECTORY_REVIEW_PATH, MANAGE_DIRECTORY_PATH } from "./paths";

import { DIRECTORY_CONTEXTS, type DirectoryContext } from "./contexts";

export { DIRECTORY_CONTEXTS, type DirectoryContext };
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
  description: SanitizedHtml;
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

/** An entry of the directory's dropdown (SPEC §3 Dropdown option): id 0 is the "Select User" placeholder. */
export interface DirectoryDropdownOption {
  id: number;
  /** The label: "first last - email", or the placeholder's "Select User". */
  name: string;
  roleId: number;
  serialNumber: string;
}

/** A role's dropdown: the placeholder (id 0, named as given) first, then the people by their labels. */
export function directoryDropdownOptions(
  people: readonly DirectoryPerson[],
  roleId: number,
  placeholderName: string,
): DirectoryDropdownOption[] {
  return [
    { id: 0, name: placeholderName, roleId, serialNumber: "" },
    ...people.map((person) => ({
      id: person.id,
      name: personLabel(person),
      roleId,
      serialNumber: person.serialNumber,
    })),
  ];
}

/**
 * Whether a selection's serial number is the chosen person's: a selection may leave it out (a
 * browser without JavaScript does), but one that names another person's is refused.
 */
export function selectionSerialNumberHolds(
  selection: DirectorySelection,
  person: Pick<DirectoryPerson, "serialNumber">,
) {
  return !selection.serialNumber || selection.serialNumber === person.serialNumber;
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
 * Whether a directory review asks at sign-in (SPEC §4): only while a location needs attention.
 * The dealer-location review asks when never reviewed nor skipped, and again 90 days after the
 * later of the two; the singular-roles review asks at every sign-in until the roles are filled
 * (closing it suppresses it until the next sign-in).
 */
export function directoryReviewIsDue(input: {
  context: DirectoryContext;
  anyLocationNeedsAttention: boolean;
  lastReviewedAt: Date | null;
  /** When the administrator last closed (skipped) the review. */
  reminderClosedAt?: Date | null;
  /** When the administrator's current sign-in began. */
  signedInAt?: Date | null;
  now: Date;
}): boolean {
  if (!input.anyLocationNeedsAttention) return false;
  const closed = input.reminderClosedAt ?? null;
  if (input.context === "SINGULAR_ROLES") {
    return !(closed && input.signedInAt && closed.getTime() >= input.signedInAt.getTime());
  }
  const last = Math.max(input.lastReviewedAt?.getTime() ?? -Infinity, closed?.getTime() ?? -Infinity);
  if (last === -Infinity) return true;
  return input.now.getTime() - last > DIRECTORY_REVIEW_REPROMPT_DAYS * 86_400_000;
}

/** The required action each directory context's review raises (SPEC §4 Required action). */
export const DIRECTORY_REVIEW_ACTIONS = {
  DEALER_LOCATION: "directoryReview",
  SINGULAR_ROLES: "singularRolesReview",
} as const satisfies Record<DirectoryContext, string>;

/** The context a directory required action reviews, or null for any other action. */
export function directoryContextOfAction(action: string | null): DirectoryContext | null {
  const found = Object.entries(DIRECTORY_REVIEW_ACTIONS).find(([, value]) => value === action);
  return found ? (found[0] as DirectoryContext) : null;
}

/** The locations a review lists (SPEC §4): after loading, only those with a required, unfilled role. */
export function locationsToReview(locations: readonly DirectoryLocation[]): DirectoryLocation[] {
  return locations.filter(requiresAttention);
}

/** The roles a review shows of a location: the required ones of its first configuration (SPEC §2). */
export function reviewedItems(location: DirectoryLocation): DirectoryItem[] {
  return (location.configurations[0]?.items ?? []).filter((item) => item.required);
}

/** SPEC §4: with none left to review and no load error, the last review date is updated. */
/** Why a location's save failed, as the form knows it: what the save found, or nothing it could say. */
export type DirectorySaveFailure = "missing" | "invalid" | "unexpected";

/**
 * SPEC §8 directory save failure: the failure's own message where the save knows what went wrong
 * (the location is not the administrator's any more, or a chosen person or role does not belong
 * there), else "Error while saving data". Never a server's internal message.
 */
export function directorySaveFailureMessage(failure: DirectorySaveFailure): string {
  if (failure === "missing") return "manageDirectory.errors.saveMissing";
  if (failure === "invalid") return "manageDirectory.errors.saveInvalid";
  return "manageDirectory.errors.save";
}

export function reviewIsComplete(input: { remaining: number; loadFailed: boolean }): boolean {
  return input.remaining === 0 && !input.loadFailed;
}

/** The brands a directory call asks for (SPEC §7 brandIds, comma-separated, default 1); null when malformed. */
export function brandIdsParam(raw: string | null): number[] | null {
  if (raw === null || raw.trim() === "") return [1];
  const parts = raw.split(",").map((part) => part.trim());
  if (parts.length > 5 || !parts.every((part) => /^[1-5]$/.test(part))) return null;
  return [...new Set(parts.map(Number))];
}

/** SPEC §9 storage keys: the two directory reminder flags (the server keeps the same per user). */
export const DIRECTORY_REMINDER_STORAGE_KEYS = {
  DEALER_LOCATION: "directoryReminderClosed",
  SINGULAR_ROLES: "singularRolesReminderClosed",
} as const satisfies Record<DirectoryContext, string>;

/** Where a standing directory review opens over the page: not on its own page, nor where the directory is managed. */
export function directoryReviewShowsOn(pathname: string): boolean {
  return !pathname.startsWith(`${DIRECTORY_REVIEW_PATH}/`) && !pathname.startsWith(MANAGE_DIRECTORY_PATH);
}
