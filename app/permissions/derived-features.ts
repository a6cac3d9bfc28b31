import { F } from "./features";

/**
 * Features derived from identity data (SPEC §6): serialNumber:present when the user has an
 * employee number, and one `{idp}:{group}` per directory group.
 */
export function derivedFeatures(
  identity: {
    employeeNumber: string | null;
    directoryGroups: readonly string[];
  },
  idpShortName: string,
): string[] {
  const derived: string[] = [];
  if (identity.employeeNumber && identity.employeeNumber.trim() !== "") derived.push(F.serialNumberPresent);
  for (const group of identity.directoryGroups) derived.push(`${idpShortName}:${group}`);
  return derived;
}
