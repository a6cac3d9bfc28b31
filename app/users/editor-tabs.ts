import { sameValue, type UserDraft } from "./draft";

/**
 * The user editor's tabs in order (issue #14 §4). Each is its own address and posts on its own
 * into the administrator's draft; "review" shows every change and completes.
 */
export const EDITOR_TABS = [
  "contact",
  "locations",
  "roles",
  "applications",
  "permissions",
  "emails",
  "review",
] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

export function isEditorTab(value: unknown): value is EditorTab {
  return EDITOR_TABS.includes(value as EditorTab);
}

/** The tab after this one (review is last). */
export function nextTab(tab: EditorTab): EditorTab {
  return EDITOR_TABS[Math.min(EDITOR_TABS.indexOf(tab) + 1, EDITOR_TABS.length - 1)];
}

/**
 * The tab a saved change asks the administrator to review (SPEC §4 Editors): changed locations →
 * applications, changed applications → digital permissions, changed roles or contact data → email
 * preferences. Only tabs the editor has are asked for; null when nothing needs a second look.
 */
export function reviewPromptAfter(tab: EditorTab, before: UserDraft, after: UserDraft): EditorTab | null {
  if (sameValue(before[tabField(tab)], after[tabField(tab)])) return null;
  const cascade: Partial<Record<string, string>> = {
    locations: "applications",
    applications: "permissions",
    roles: "emails",
    contact: "emails",
  };
  const target = cascade[tab];
  return isEditorTab(target) ? target : null;
}

function tabField(tab: EditorTab): keyof UserDraft {
  const fields = {
    contact: "contact",
    locations: "locations",
    roles: "roles",
    applications: "applications",
    permissions: "permissions",
    emails: "emailLists",
  } as const;
  return fields[tab as keyof typeof fields];
}
