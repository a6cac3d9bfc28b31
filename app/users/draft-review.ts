import { CONTACT_FIELDS, contactSchema } from "./schema";
import { sameValue, type UserDraft } from "./draft";
import type { EditorTab } from "./editor-tabs";
import { normalPermissions, permissionProblems, type OfferedSet, type PermissionChoice } from "./digital-access";

/** A draft's contact data as complete, or the fields that still need a value (for the review). */
export function contactProblems(contact: UserDraft["contact"]): { field: string; message: string }[] {
  const parsed = contactSchema.safeParse(contact);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message }));
}

/** One line of the review: a field and its value before and after (null: none). */
export interface DraftChange {
  tab: Exclude<EditorTab, "review">;
  field: string;
  before: string | null;
  after: string | null;
}

/**
 * Every change a draft makes to the user as it was (null: a new user), field by field, with the
 * locations and roles as lists of names (in the draft's order: the preferred location first).
 */
export function draftChanges(
  before: UserDraft | null,
  draft: UserDraft,
  names: {
    location(id: number): string;
    role(id: number): string;
    list(id: number): string;
    application(id: number): string;
    set(id: number): string;
  },
): DraftChange[] {
  const changes: DraftChange[] = [];
  for (const field of CONTACT_FIELDS) {
    const old = before ? textOf(before.contact[field]) : null;
    const now = textOf(draft.contact[field]);
    if (old !== now) changes.push({ tab: "contact", field, before: old, after: now });
  }
  const list = (values: number[] | undefined, name: (id: number) => string) =>
    values && values.length ? values.map(name).join(", ") : null;
  const lists = [
    ["locations", "locations", names.location],
    ["roles", "roles", names.role],
    ["applications", "applications", names.application],
    ["emails", "emailLists", names.list],
  ] as const;
  for (const [tab, field, name] of lists) {
    const old = before ? list(before[field], name) : null;
    const now = list(draft[field], name);
    if (old !== now) changes.push({ tab, field, before: old, after: now });
  }
  // Digital permissions read "Set: role, role; Set: role".
  const permissions = (choices: PermissionChoice[] | undefined) =>
    choices && choices.length
      ? normalPermissions(choices)
          .map((choice) => `${names.set(choice.set)}: ${choice.roles.map(names.role).join(", ")}`)
          .join("; ")
      : null;
  const old = before ? permissions(before.permissions) : null;
  const now = permissions(draft.permissions);
  if (old !== now) changes.push({ tab: "permissions", field: "permissions", before: old, after: now });
  return changes;
}

function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = String(value).trim();
  return text === "" ? null : text;
}

/** A field the review says still needs a value, on its tab. */
export interface DraftProblem {
  tab: Exclude<EditorTab, "review">;
  field: string;
  message: string;
  /** The permission sets the message is about (SPEC §5 "Validation Error: Selection required for:"). */
  names?: string[];
}

/**
 * What must be fixed before a draft can be completed: contact fields, at least one location and
 * one role, and a valid choice in each permission set shown (`sets`). A required set's missing
 * choice counts for a new user and when the save changes applications or permissions: an existing
 * user from before digital permissions can still get a new address or list (ADR 0017).
 */
export function draftProblems(
  draft: UserDraft,
  digital: { sets: readonly OfferedSet[]; before: UserDraft | null } = { sets: [], before: null },
): DraftProblem[] {
  const { before } = digital;
  const accessChanged =
    !before ||
    !sameValue(before.applications, draft.applications) ||
    !sameValue(normalPermissions(before.permissions), normalPermissions(draft.permissions));
  const choices = permissionProblems(digital.sets, draft.permissions);
  const permissions = (message: string, names: string[]): DraftProblem[] =>
    names.length ? [{ tab: "permissions", field: "permissions", message, names }] : [];
  return [
    ...contactProblems(draft.contact).map((p) => ({ tab: "contact" as const, ...p })),
    ...(draft.locations.length
      ? []
      : [{ tab: "locations" as const, field: "locations", message: "validations.required" }]),
    ...(draft.roles.length ? [] : [{ tab: "roles" as const, field: "roles", message: "validations.required" }]),
    ...permissions("validations.selection", accessChanged ? choices.required : []),
    ...permissions("validations.singleSelection", choices.single),
    ...permissions("validations.notOffered", choices.notOffered),
  ];
}
