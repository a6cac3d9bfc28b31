/**
 * What an administrator may give (issue #14 §1, SPEC §6 "assignable-by"): which roles, whether a
 * change of a list stays within them, and what a post or a copy becomes where it does not.
 */

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

/** A role as the administrator would give it: who may assign it, and the features it would give where they can place it. */
export interface GivableRole {
  id: number;
  assignerIds: readonly number[];
  /** What a holder gets from it (its features and its children's) that counts where the administrator places it. */
  grants: readonly string[];
}

/**
 * The roles an administrator may give (issue #14 §1, SPEC §6 "assignable-by"; issue #39 §3 no
 * escalation by delegation): those whose assignable-by list names a role the administrator holds,
 * and that give nothing the administrator does not hold. A role with an empty list is given by
 * no one here.
 */
export function assignableRoleIds(
  roles: readonly GivableRole[],
  assigner: { roleIds: readonly number[]; features: readonly string[] },
): number[] {
  const held = new Set(assigner.roleIds);
  const features = new Set(assigner.features);
  return roles
    .filter((role) => role.assignerIds.some((id) => held.has(id)) && role.grants.every((f) => features.has(f)))
    .map((role) => role.id);
}

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
