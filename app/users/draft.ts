import { z } from "zod";
import { LOCALES } from "~/i18n/locale";
import { optionalPhone, optionalText, requiredEmail, requiredText } from "~/validation/contact-fields";
import type { OfferedSet, PermissionChoice } from "./digital-access";
import { normalPermissions, permissionProblems } from "./digital-access";

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

/** Whether two draft values (lists, choices, contact data) are the same; missing counts as none. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The tab after this one (review is last). */
export function nextTab(tab: EditorTab): EditorTab {
  return EDITOR_TABS[Math.min(EDITOR_TABS.indexOf(tab) + 1, EDITOR_TABS.length - 1)];
}

export const USER_TYPES = ["internal", "external"] as const;
/** SPEC §3 User "role (admin or regular)": shown as administrator or standard. */
export const USER_KINDS = ["admin", "regular"] as const;

/** The contact information tab: every SPEC §3 user field an administrator types. */
export const contactSchema = z.object({
  firstName: requiredText,
  lastName: requiredText,
  email: requiredEmail,
  jobTitle: optionalText,
  phoneMobile: optionalPhone,
  phoneSecondary: optionalPhone,
  fax: optionalPhone,
  preferredLanguage: z.enum(LOCALES, { error: "validations.required" }),
  activeDirectoryUsername: optionalText,
  listingName: optionalText,
  userType: z.enum(USER_TYPES, { error: "validations.required" }),
  role: z.enum(USER_KINDS, { error: "validations.required" }),
});
export type DraftContact = z.output<typeof contactSchema>;

const ids = z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(1000);

/** The locations tab: the chosen locations, the first being the preferred one. */
export const locationsSchema = z.object({
  locations: ids.min(1, "validations.required"),
  /** Moves one of the chosen locations first (without JavaScript the list's own order is the page's). */
  preferred: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** The chosen locations in order, the preferred one (when it is among them) first. */
export function locationsInOrder(input: { locations: number[]; preferred?: number }): number[] {
  const unique = [...new Set(input.locations)];
  const preferred = input.preferred;
  return preferred !== undefined && unique.includes(preferred)
    ? [preferred, ...unique.filter((id) => id !== preferred)]
    : unique;
}
/** The roles tab: the chosen roles. */
export const rolesSchema = z.object({ roles: ids.optional().default([]) });
/** The applications tab: the applications flagged "requires assignment" assigned to the user. */
export const applicationsSchema = z.object({ applications: ids.optional().default([]) });
/** The email preferences tab: the distribution lists chosen. */
export const emailsSchema = z.object({ emailLists: ids.optional().default([]) });

/** What an administrator has typed for one user, kept between tabs until "Review and complete". */
export interface UserDraft {
  /** Contact data as typed; on a new user it starts with the type and kind the chooser picked. */
  contact: Partial<DraftContact> & Pick<DraftContact, "userType" | "role">;
  /** Location ids, the preferred first. */
  locations: number[];
  roles: number[];
  /** Applications flagged "requires assignment" the user is assigned to. */
  applications: number[];
  /** Digital permissions: the roles chosen per permission set. */
  permissions: PermissionChoice[];
  /** Distribution lists subscribed (SPEC §3 email preferences). */
  emailLists: number[];
}

/** A new user's first draft: the chooser's type and kind, and the roles it starts from. */
export function newUserDraft(start: {
  userType: DraftContact["userType"];
  role: DraftContact["role"];
  roles?: number[];
}): UserDraft {
  return {
    contact: { userType: start.userType, role: start.role, preferredLanguage: "en" },
    locations: [],
    roles: [...new Set(start.roles ?? [])],
    applications: [],
    permissions: [],
    emailLists: [],
  };
}

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

const CONTACT_FIELDS = Object.keys(contactSchema.shape) as (keyof DraftContact)[];

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

/**
 * Whether a change of a list (roles, locations) stays within what the administrator may give:
 * every id added or removed must be one of `allowed`; ids outside it may only stay as they were.
 */
export function changeWithin(
  before: readonly number[],
  after: readonly number[],
  allowed: ReadonlySet<number>,
): boolean {
  const was = new Set(before);
  const now = new Set(after);
  return (
    [...now].every((id) => was.has(id) || allowed.has(id)) && [...was].every((id) => now.has(id) || allowed.has(id))
  );
}

/**
 * The roles an administrator may give (issue #14 §1, SPEC §6 "assignable-by"): those whose
 * assignable-by list names a role the administrator holds. A role with an empty list is given by no one here.
 */
export function assignableRoleIds(
  roles: readonly { id: number; assignerIds: readonly number[] }[],
  heldRoleIds: readonly number[],
): number[] {
  const held = new Set(heldRoleIds);
  return roles.filter((role) => role.assignerIds.some((id) => held.has(id))).map((role) => role.id);
}

/** Combining roles needs at least two (SPEC §5); one role is the other way to start. */
export const COMBINE_MIN_ROLES = 2;

/** The "create from role(s)" form (SPEC §2 /admin/users/copyrole). */
export const fromRolesSchema = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("single"),
    role: z.coerce.number({ error: "validations.required" }).int().positive("validations.required"),
    userType: z.enum(USER_TYPES, { error: "validations.required" }),
    kind: z.enum(USER_KINDS, { error: "validations.required" }),
  }),
  z.object({
    mode: z.literal("combine"),
    roles: ids
      .optional()
      .default([])
      .refine((list) => new Set(list).size >= COMBINE_MIN_ROLES, "validations.combineRoles"),
    userType: z.enum(USER_TYPES, { error: "validations.required" }),
    kind: z.enum(USER_KINDS, { error: "validations.required" }),
  }),
]);

/**
 * The roles a copied user starts with (SPEC §3 "exclude from copy user"): the source's roles the
 * administrator may give, without those flagged to be left out of copies.
 */
export function rolesToCopy(
  sourceRoles: readonly { id: number; excludeFromCopyUser: boolean }[],
  assignable: ReadonlySet<number>,
): number[] {
  return sourceRoles.filter((role) => !role.excludeFromCopyUser && assignable.has(role.id)).map((role) => role.id);
}

/** How a new user starts (SPEC §2 create flow): from role(s), as a copy of a user, or from scratch. */
export const CREATE_STARTS = ["roles", "copy", "scratch"] as const;

/** The create chooser's form. */
export const createStartSchema = z.object({
  start: z.enum(CREATE_STARTS, { error: "validations.required" }),
  userType: z.enum(USER_TYPES, { error: "validations.required" }),
  kind: z.enum(USER_KINDS, { error: "validations.required" }),
});

/** The user type and kind the chooser passes on to the copy pages (defaults when absent or unknown). */
export function startOf(params: URLSearchParams): { userType: DraftContact["userType"]; role: DraftContact["role"] } {
  const userType = params.get("userType");
  const kind = params.get("kind");
  return {
    userType: userType === "internal" ? "internal" : "external",
    role: kind === "admin" ? "admin" : "regular",
  };
}

/** The user as saved, in the draft's shape: the baseline an edit starts from and the review compares with. */
export function draftOfUser(user: {
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string | null;
  phoneMobile: string | null;
  phoneSecondary: string | null;
  fax: string | null;
  preferredLanguage: string;
  activeDirectoryUsername: string | null;
  listingName: string | null;
  userType: DraftContact["userType"];
  role: DraftContact["role"];
  locations: readonly { id: number }[];
  assignments: readonly { securityRoleId: number }[];
  applicationIds: readonly number[];
  permissions: readonly PermissionChoice[];
  emailLists: readonly number[];
}): UserDraft {
  const optional = (value: string | null) => value ?? undefined;
  return {
    contact: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      jobTitle: optional(user.jobTitle),
      phoneMobile: optional(user.phoneMobile),
      phoneSecondary: optional(user.phoneSecondary),
      fax: optional(user.fax),
      preferredLanguage: LOCALES.find((locale) => locale === user.preferredLanguage) ?? "en",
      activeDirectoryUsername: optional(user.activeDirectoryUsername),
      listingName: optional(user.listingName),
      userType: user.userType,
      role: user.role,
    },
    locations: user.locations.map((location) => location.id),
    roles: [...new Set(user.assignments.map((a) => a.securityRoleId))],
    applications: [...user.applicationIds],
    permissions: normalPermissions(user.permissions),
    emailLists: [...user.emailLists],
  };
}

/**
 * What a tab's post becomes on a user who also has locations or roles the administrator may not
 * give: those stay (after the chosen ones), and a preferred location of another administrator's
 * stays first unless a preferred one was chosen.
 */
export function withKept(
  posted: readonly number[],
  before: readonly number[],
  allowed: ReadonlySet<number>,
  preferredChosen: boolean,
): number[] {
  const kept = before.filter((id) => !allowed.has(id));
  const merged = [...new Set([...posted, ...kept])];
  const first = before[0];
  if (!preferredChosen && first !== undefined && !allowed.has(first)) {
    return [first, ...merged.filter((id) => id !== first)];
  }
  return merged;
}

/**
 * A stale draft brought up to date (a three-way merge): what the administrator did not change
 * since the draft began takes the user's current value; what they changed keeps their value
 * (and, where the other change differs, shows in the review as a change of the current data).
 */
export function rebaseDraft(draft: UserDraft, began: UserDraft, current: UserDraft): UserDraft {
  const contact = { ...draft.contact } as Record<string, unknown>;
  for (const field of CONTACT_FIELDS) {
    if (sameValue(draft.contact[field], began.contact[field])) contact[field] = current.contact[field];
  }
  return {
    contact: contact as UserDraft["contact"],
    locations: sameValue(draft.locations, began.locations) ? current.locations : draft.locations,
    roles: sameValue(draft.roles, began.roles) ? current.roles : draft.roles,
    applications: sameValue(draft.applications, began.applications) ? current.applications : draft.applications,
    permissions: sameValue(draft.permissions, began.permissions) ? current.permissions : draft.permissions,
    emailLists: sameValue(draft.emailLists, began.emailLists) ? current.emailLists : draft.emailLists,
  };
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

/** A new user as the API takes it (issue #14 §6): the contact data, locations (the first preferred) and roles. */
export const userApiSchema = contactSchema.extend({
  locations: ids.min(1, "validations.required"),
  roles: ids.min(1, "validations.required"),
  applications: ids.optional(),
  permissions: z
    .array(z.object({ set: z.number().int().positive().max(2_147_483_647), roles: ids }))
    .max(1000)
    .optional(),
  emailLists: ids.optional(),
});

/** An API change of a user: any of those fields, and the `updatedAt` read (a stale one is refused). */
export const userPatchSchema = userApiSchema.partial().extend({ updatedAt: z.string().max(64).optional() });

/** A complete new user's data as a draft (the API skips the tabs). */
export function draftOfInput(input: z.output<typeof userApiSchema>): UserDraft {
  const { locations, roles, applications, permissions, emailLists, ...contact } = input;
  return {
    contact,
    locations: [...new Set(locations)],
    roles: [...new Set(roles)],
    applications: [...new Set(applications ?? [])],
    permissions: normalPermissions(permissions ?? []),
    emailLists: [...new Set(emailLists ?? [])],
  };
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
