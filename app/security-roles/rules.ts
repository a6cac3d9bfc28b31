/** A role as the access rules see it: its own features and its child roles. */
export interface RoleNode {
  id: number;
  features: readonly string[];
  children: readonly number[];
}

/** Every role a holder of these roles has: the roles themselves and their children, transitively. */
export function rolesWithDescendants(held: readonly number[], roles: ReadonlyMap<number, RoleNode>): Set<number> {
  const reached = new Set<number>();
  const pending = [...held];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const child of roles.get(id)?.children ?? []) pending.push(child);
  }
  return reached;
}

/** The features a holder of these roles gets: the roles' own and their children's, transitively (sorted). */
export function grantedFeatures(held: readonly number[], roles: ReadonlyMap<number, RoleNode>): string[] {
  const features = new Set<string>();
  for (const id of rolesWithDescendants(held, roles)) for (const f of roles.get(id)?.features ?? []) features.add(f);
  return [...features].sort();
}

/**
 * The cycle that parent → child edges contain, as the roles on it from its first role back to it
 * (`[a, b, a]`), or null when there is none.
 */
export function childCycle(children: ReadonlyMap<number, readonly number[]>): number[] | null {
  const state = new Map<number, "open" | "done">();
  const path: number[] = [];
  const visit = (id: number): number[] | null => {
    if (state.get(id) === "done") return null;
    if (state.get(id) === "open") return [...path.slice(path.indexOf(id)), id];
    state.set(id, "open");
    path.push(id);
    for (const child of children.get(id) ?? []) {
      const cycle = visit(child);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, "done");
    return null;
  };
  for (const id of children.keys()) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * The cycle a save of one role would close: its parents and children replaced by the edited ones,
 * every other role's edges as they are. Null when the save keeps the roles a hierarchy.
 */
export function cycleAfterSave(
  children: ReadonlyMap<number, readonly number[]>,
  roleId: number,
  edited: { parents: readonly number[]; children: readonly number[] },
): number[] | null {
  if (edited.parents.includes(roleId) || edited.children.includes(roleId)) return [roleId, roleId];
  const next = new Map<number, number[]>();
  for (const [parent, kids] of children) {
    if (parent === roleId) continue;
    next.set(
      parent,
      kids.filter((kid) => kid !== roleId),
    );
  }
  next.set(roleId, [...edited.children]);
  for (const parent of edited.parents) next.set(parent, [...(next.get(parent) ?? []), roleId]);
  const cycle = childCycle(next);
  return cycle ? startingAt(cycle, roleId) : null;
}

/** A cycle (`[a, b, c, a]`) told from one of its roles, when it holds it (`[b, c, a, b]`). */
function startingAt(cycle: number[], roleId: number): number[] {
  const ring = cycle.slice(0, -1);
  const at = ring.indexOf(roleId);
  if (at < 0) return cycle;
  const turned = [...ring.slice(at), ...ring.slice(0, at)];
  return [...turned, turned[0]];
}
