import { addedTo, featuresNotHeld, sameMembers, type Delegator } from "~/security-roles/delegation";
import { grantedFeatures, type RoleNode } from "~/security-roles/rules";

/** A permission set as the user editor's rules see it (SPEC §3). */
export interface PermissionSetRule {
  id: number;
  displayName: string;
  required: boolean;
  selectionMode: "single" | "multiple";
  /** Null: global. */
  applicationId: number | null;
  roleIds: readonly number[];
}

/** The sets a user is offered: the global ones and those of the user's applications. */
export function setsShownFor<T extends Pick<PermissionSetRule, "applicationId">>(
  sets: readonly T[],
  userApplicationIds: readonly number[],
): T[] {
  return sets.filter((set) => set.applicationId === null || userApplicationIds.includes(set.applicationId));
}

/** What is wrong with one set's selection: a required set without any, a single set with several, a role it does not offer. */
export function selectionProblem(
  set: PermissionSetRule,
  selectedRoleIds: readonly number[],
): "required" | "single" | "notOffered" | null {
  if (selectedRoleIds.some((id) => !set.roleIds.includes(id))) return "notOffered";
  if (set.required && selectedRoleIds.length === 0) return "required";
  if (set.selectionMode === "single" && selectedRoleIds.length > 1) return "single";
  return null;
}

/** The display names of the required sets with no selection, for "Validation Error: Selection required for:". */
export function setsMissingASelection(
  sets: readonly PermissionSetRule[],
  selections: ReadonlyMap<number, readonly number[]>,
): string[] {
  return sets
    .filter((set) => selectionProblem(set, selections.get(set.id) ?? []) === "required")
    .map((set) => set.displayName);
}

/** Why a save of a permission set's roles would raise privileges beyond the editor's. */
export type SetRolesRefusal =
  /** The editor is not portal-wide and changes which roles the set offers. */
  | { kind: "portalWideOnly" }
  /** Roles added to the set that grant (themselves or through their children) features the editor does not hold. */
  | { kind: "rolesGrantNotHeld"; features: string[] };

/**
 * Whether a save changing a set's roles from `before` to `after` would raise privileges beyond
 * the editor's (issue #30 §3): only a portal-wide administrator changes which roles a set offers,
 * and never adds one granting a feature they lack. Roles offered already may stay; their order
 * is no change. `roles` is every saved role. Null when the save may go ahead.
 */
export function setRolesEscalation(
  editor: Pick<Delegator, "portalWide" | "features">,
  before: readonly number[],
  after: readonly number[],
  roles: ReadonlyMap<number, RoleNode>,
): SetRolesRefusal | null {
  if (!editor.portalWide && !sameMembers(before, after)) return { kind: "portalWideOnly" };
  const features = featuresNotHeld(editor.features, grantedFeatures(addedTo(before, after), roles));
  return features.length > 0 ? { kind: "rolesGrantNotHeld", features } : null;
}
