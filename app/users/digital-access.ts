import { z } from "zod";
import { selectionProblem, setsShownFor, type PermissionSetRule } from "~/permission-sets/rules";
import { changeWithin } from "./assignable";

/** The roles chosen in one permission set (a user's digital permission, SPEC §3). */
export interface PermissionChoice {
  set: number;
  roles: number[];
}

/** One shape for equal choices: one entry per set (in set order), its roles unique and sorted, none empty. */
export function normalPermissions(choices: readonly PermissionChoice[]): PermissionChoice[] {
  const bySet = new Map<number, Set<number>>();
  for (const choice of choices) {
    const roles = bySet.get(choice.set) ?? new Set<number>();
    choice.roles.forEach((id) => roles.add(id));
    bySet.set(choice.set, roles);
  }
  return [...bySet]
    .filter(([, roles]) => roles.size > 0)
    .sort(([a], [b]) => a - b)
    .map(([set, roles]) => ({ set, roles: [...roles].sort((a, b) => a - b) }));
}

/** An application the user's locations and roles make available, as the applications tab lists it. */
export interface OfferedApplication {
  id: number;
  name: string;
  /** Only these take an assignment; the others every user with that access sees. */
  requiresAssignment: boolean;
}

/** A permission set as the digital permissions tab offers it: its rule and its roles by name. */
export interface OfferedSet extends PermissionSetRule {
  name: string;
  options: { id: number; name: string }[];
}

/** What the user's access (draft locations, roles, assignments) makes available in the two tabs. */
export interface DigitalOffers {
  applications: OfferedApplication[];
  /** Every permission set; `shownSets` picks those the user is offered. */
  sets: OfferedSet[];
}

/** The applications the user will see: the available ones, those requiring assignment only when assigned. */
export function userApplicationIds(offers: DigitalOffers, assigned: readonly number[]): number[] {
  return offers.applications.filter((app) => !app.requiresAssignment || assigned.includes(app.id)).map((app) => app.id);
}

/** The permission sets the user is offered: the global ones and those of the user's applications. */
export function shownSets(offers: DigitalOffers, assigned: readonly number[]): OfferedSet[] {
  return setsShownFor(offers.sets, userApplicationIds(offers, assigned));
}

/**
 * Assignments and permissions as the user's access now allows (issue #14 §4 cascades): an
 * assignment of an application no longer available goes, and so do the choices of a set no
 * longer shown and roles a set no longer offers. The review then shows what went.
 */
export function prunedToOffers<T extends { applications: number[]; permissions: PermissionChoice[] }>(
  draft: T,
  offers: DigitalOffers,
): T {
  const assignable = new Set(offers.applications.filter((app) => app.requiresAssignment).map((app) => app.id));
  const applications = draft.applications.filter((id) => assignable.has(id));
  const sets = new Map(shownSets(offers, applications).map((set) => [set.id, set]));
  const permissions = normalPermissions(
    draft.permissions.flatMap((choice) => {
      const set = sets.get(choice.set);
      return set ? [{ set: choice.set, roles: choice.roles.filter((id) => set.roleIds.includes(id)) }] : [];
    }),
  );
  return { ...draft, applications, permissions };
}

const roleValue = z.string().regex(/^\d{1,9}$/, "validations.formError");

/**
 * The digital permissions tab's form: per set a field `permissions.s<set id>` holding the chosen
 * role ids (one radio group or several checkboxes each; radio groups need a name of their own).
 */
export const permissionsSchema = z.object({
  permissions: z
    .record(z.string().regex(/^s\d{1,9}$/), z.union([roleValue, z.array(roleValue).max(1000)]))
    .refine((sets) => Object.keys(sets).length <= 1000)
    .optional()
    .default({}),
});

/** The form field of a set's choice. */
export function permissionField(setId: number): string {
  return `s${setId}`;
}

/** The tab's fields as choices (role "0" is a single set's "none"). */
export function permissionsOfForm(fields: Readonly<Record<string, string | string[]>>): PermissionChoice[] {
  return normalPermissions(
    Object.entries(fields).map(([key, value]) => ({
      set: Number(key.slice(1)),
      roles: ([] as string[])
        .concat(value)
        .map(Number)
        .filter((role) => role > 0),
    })),
  );
}

/** The roles chosen in one set. */
export function rolesIn(permissions: readonly PermissionChoice[], setId: number): number[] {
  return permissions.find((choice) => choice.set === setId)?.roles ?? [];
}

/**
 * Whether a change of digital permissions stays within what the administrator may give: in each
 * set, a role added or removed must be one they may assign (SPEC §6 assignable-by).
 */
export function permissionsWithin(
  before: readonly PermissionChoice[],
  after: readonly PermissionChoice[],
  assignable: ReadonlySet<number>,
): boolean {
  const sets = new Set([...before, ...after].map((choice) => choice.set));
  return [...sets].every((set) => changeWithin(rolesIn(before, set), rolesIn(after, set), assignable));
}

/**
 * A set's choice the administrator cannot change as a whole: a single-choice set whose chosen role
 * they may not assign (choosing another would remove it).
 */
export function setLocked(set: OfferedSet, chosen: readonly number[], assignable: ReadonlySet<number>): boolean {
  return set.selectionMode === "single" && chosen.some((id) => !assignable.has(id));
}

/**
 * The tab's post over the user's choices: in the shown sets, the posted roles plus those the
 * administrator may not change (which stay as they were); the choices of other sets are kept.
 */
export function permissionsAfterPost(
  posted: readonly PermissionChoice[],
  before: readonly PermissionChoice[],
  draft: readonly PermissionChoice[],
  sets: readonly OfferedSet[],
  assignable: ReadonlySet<number>,
): PermissionChoice[] {
  const shown = new Set(sets.map((set) => set.id));
  const kept = draft.filter((choice) => !shown.has(choice.set));
  const chosen = sets.map((set) => {
    const was = rolesIn(before, set.id);
    if (setLocked(set, was, assignable)) return { set: set.id, roles: was };
    return {
      set: set.id,
      roles: [...rolesIn(posted, set.id), ...was.filter((id) => !assignable.has(id))],
    };
  });
  return normalPermissions([...kept, ...chosen]);
}

/**
 * What is wrong with the choices in the shown sets, by set name: required sets with none (SPEC §5
 * "Validation Error: Selection required for:"), single-choice sets with several, roles not offered.
 */
export function permissionProblems(
  sets: readonly OfferedSet[],
  permissions: readonly PermissionChoice[],
): { required: string[]; single: string[]; notOffered: string[] } {
  const problems = { required: [] as string[], single: [] as string[], notOffered: [] as string[] };
  for (const set of sets) {
    const problem = selectionProblem(set, rolesIn(permissions, set.id));
    if (problem) problems[problem].push(set.displayName);
  }
  return problems;
}
