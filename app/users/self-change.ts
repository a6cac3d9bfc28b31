import type { UserDraft } from "./draft";
import { nextTab, type EditorTab } from "./editor-tabs";
import { draftChanges } from "./draft-review";

/**
 * What an administrator may not change on their own account from the admin screens or the API
 * (issue #30): whatever grants access — user type, administrator or standard (`role`), locations,
 * roles, applications, digital permissions — and its status and sessions. Named as the user
 * editor's review names its fields (`draftChanges`). Their contact data and subscriptions stay
 * theirs to edit; their own account pages serve them otherwise.
 */
export const SELF_LOCKED_FIELDS = [
  "userType",
  "role",
  "locations",
  "roles",
  "applications",
  "permissions",
  "status",
  "sessions",
] as const;
export type SelfLockedField = (typeof SELF_LOCKED_FIELDS)[number];

const LOCKED: ReadonlySet<string> = new Set(SELF_LOCKED_FIELDS);

/** The user editor's tabs that hold nothing but locked fields: read-only on one's own account. */
export const SELF_LOCKED_TABS: readonly EditorTab[] = ["locations", "roles", "applications", "permissions"];

/**
 * Whether a change is refused because an administrator would change their own privileges:
 * the actor is the target and one of the changed fields is locked. Anyone else's change passes
 * (their scope and assignable roles are checked elsewhere).
 */
export function selfChangeRefused(actorId: number, targetId: number, changedFields: readonly string[]): boolean {
  return actorId === targetId && changedFields.some((field) => LOCKED.has(field));
}

/** The fields a draft changes on the user as saved, named and compared as the review does (ids for names). */
export function changedFields(before: UserDraft, after: UserDraft): string[] {
  const id = (value: number) => String(value);
  const names = { location: id, role: id, list: id, application: id, set: id };
  return draftChanges(before, after, names).map((change) => change.field);
}

/** Whether a tab of the user editor is read-only because the administrator edits their own account. */
export function selfLockedTab(self: boolean, tab: EditorTab): boolean {
  return self && SELF_LOCKED_TABS.includes(tab);
}

/** The tab a saved tab leads to: the next one, passing over those locked on one's own account. */
export function nextEditableTab(tab: EditorTab, self: boolean): EditorTab {
  let next = nextTab(tab);
  while (selfLockedTab(self, next)) next = nextTab(next);
  return next;
}
