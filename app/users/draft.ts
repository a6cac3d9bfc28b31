import type { z } from "zod";
import { LOCALES } from "~/i18n/locale";
import { CONTACT_FIELDS, type DraftContact, type userApiSchema } from "./schema";
import { normalPermissions, type PermissionChoice } from "./digital-access";

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

/** Whether two draft values (lists, choices, contact data) are the same; missing counts as none. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * A new user's first draft: the chooser's type and kind, the roles it starts from, and the
 * inviting administrator's language, which the user's e-mails are in until they choose theirs.
 */
export function newUserDraft(start: {
  userType: DraftContact["userType"];
  role: DraftContact["role"];
  roles?: number[];
  preferredLanguage?: string;
}): UserDraft {
  return {
    contact: {
      userType: start.userType,
      role: start.role,
      preferredLanguage: LOCALES.find((locale) => locale === start.preferredLanguage) ?? "en",
    },
    locations: [],
    roles: [...new Set(start.roles ?? [])],
    applications: [],
    permissions: [],
    emailLists: [],
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
