/** The actions a user may have to take at sign-in (SPEC §4 Required action), each opening its modal. */
export const REQUIRED_ACTIONS = [
  "changePassword",
  "adminAttestation",
  "directoryReview",
  "singularRolesReview",
] as const;
export type RequiredAction = (typeof REQUIRED_ACTIONS)[number];

function isRequiredAction(value: string): value is RequiredAction {
  return (REQUIRED_ACTIONS as readonly string[]).includes(value);
}

/**
 * The action the portal asks for now (SPEC §4): none when the list is empty, changePassword when
 * present (the account cannot be used before), else the first entry. Unknown entries are ignored.
 */
export function currentRequiredAction(actions: readonly string[]): RequiredAction | null {
  const known = actions.filter(isRequiredAction);
  if (known.includes("changePassword")) return "changePassword";
  return known[0] ?? null;
}

/**
 * Whether an administrator must review the users of the stored first (their order decides the current one). */
export function withComputedActions(stored: readonly string[], computed: readonly RequiredAction[]): string[] {
  return [...new Set([...stored, ...computed])];
}
