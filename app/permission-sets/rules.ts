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
