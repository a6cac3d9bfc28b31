import { grantedFeatures, type RoleNode } from "./rules";

/**
 * No escalation by delegation (issue #30 §3): what a role grants changes only at the hands of a
 * portal-wide administrator, and never to grant what the editor does not hold themselves.
 */

/** The editor of a role or a permission set, as these rules see them. */
export interface Delegator {
  /** A portal-wide administrator (`isPortalWide` of permissions/admin-levels). */
  portalWide: boolean;
  /** The features they hold (their access data). */
  features: readonly string[];
  /** The roles assigned to them (at any organization). */
  roleIds: readonly number[];
}

/** What a role grants, where it sits in the hierarchy and who may assign it: as saved, or as posted. */
export interface RoleGrants {
  features: readonly string[];
  children: readonly number[];
  parents: readonly number[];
  assignableBy: readonly number[];
}

/** A role not yet saved: it grants nothing, and no one may assign it. */
export const NO_GRANTS: RoleGrants = { features: [], children: [], parents: [], assignableBy: [] };

/** The fields of a role that decide what its holders, and its parents' holders, get. */
export const GRANTING_FIELDS = ["features", "children", "parents"] as const;
export type GrantingField = (typeof GRANTING_FIELDS)[number];

/** Why a save of a role would raise someone's privileges beyond the editor's. */
export type DelegationRefusal =
  /** The editor is not portal-wide and changes what the role grants. */
  | { kind: "portalWideOnly"; field: GrantingField }
  /** Features added to the role that the editor does not hold. */
  | { kind: "featuresNotHeld"; features: string[] }
  /** Child roles added whose features (theirs and their children's) include ones the editor does not hold. */
  | { kind: "childrenGrantNotHeld"; features: string[] }
  /** Parents added, whose holders would get features of this role the editor does not hold. */
  | { kind: "parentsSpreadNotHeld"; features: string[] }
  /** The editor, not portal-wide, makes the role assignable by roles they hold. */
  | { kind: "assignableBySelf"; roleIds: number[] };

/** What `after` has that `before` has not, in `after`'s order. */
export function addedTo<T>(before: readonly T[], after: readonly T[]): T[] {
  return after.filter((value) => !before.includes(value));
}

/** Whether two lists hold the same values, whatever their order. */
export function sameMembers<T>(a: readonly T[], b: readonly T[]): boolean {
  return addedTo(a, b).length === 0 && addedTo(b, a).length === 0;
}

/** The features among `features` that the editor does not hold (sorted, each once). */
export function featuresNotHeld(held: readonly string[], features: Iterable<string>): string[] {
  return [...new Set(features)].filter((feature) => !held.includes(feature)).sort();
}

/**
 * Whether a save of role `roleId` (0 for a new one) from `before` to `after` would raise
 * privileges beyond the editor's, and how: features, children and parents change only at a
 * portal-wide administrator's hands; no one adds a feature they lack, a child granting one, or a
 * parent through which this role's features they lack reach more users; someone not portal-wide
 * cannot make the role assignable by a role they hold. What the role already grants may stay.
 * `roles` is every saved role (their own features and children). Null when the save may go ahead.
 */
export function roleSaveEscalation(
  editor: Delegator,
  roleId: number,
  before: RoleGrants,
  after: RoleGrants,
  roles: ReadonlyMap<number, RoleNode>,
): DelegationRefusal | null {
  if (!editor.portalWide) {
    const changed = GRANTING_FIELDS.find((field) => !sameMembers<string | number>(before[field], after[field]));
    if (changed) return { kind: "portalWideOnly", field: changed };
  }
  const features = featuresNotHeld(editor.features, addedTo(before.features, after.features));
  if (features.length > 0) return { kind: "featuresNotHeld", features };
  // The role as it would be saved: its features and children as posted.
  const saved = new Map(roles);
  saved.set(roleId, { id: roleId, features: after.features, children: after.children });
  const addedChildren = addedTo(before.children, after.children);
  const fromChildren = featuresNotHeld(editor.features, grantedFeatures(addedChildren, saved));
  if (fromChildren.length > 0) return { kind: "childrenGrantNotHeld", features: fromChildren };
  if (addedTo(before.parents, after.parents).length > 0) {
    const spread = featuresNotHeld(editor.features, grantedFeatures([roleId], saved));
    if (spread.length > 0) return { kind: "parentsSpreadNotHeld", features: spread };
  }
  const own = assignersHeldByEditor(editor, before.assignableBy, after.assignableBy);
  return own.length > 0 ? { kind: "assignableBySelf", roleIds: own } : null;
}

/**
 * The roles a save adds to a role's assignable-by list that the editor holds themselves, unless
 * they are portal-wide: through those they could give the role to users. Empty when none.
 */
export function assignersHeldByEditor(
  editor: Pick<Delegator, "portalWide" | "roleIds">,
  before: readonly number[],
  after: readonly number[],
): number[] {
  if (editor.portalWide) return [];
  return addedTo(before, after).filter((id) => editor.roleIds.includes(id));
}
