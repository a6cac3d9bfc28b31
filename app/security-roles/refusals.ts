import type { Refusal } from "~/admin/save-outcome";
import type { SecurityRoleDeleteOutcome, SecurityRoleRefusal } from "./security-roles.server";

/** The message of each reason the service gives not to save a role (the editor and the API say the same). */
export function securityRoleRefusal(refusal: SecurityRoleRefusal): Refusal {
  switch (refusal.kind) {
    case "duplicateName":
      return { message: "adminSecurityRoles.nameTaken", field: "name" };
    case "unknownRole":
      return { message: "adminSecurityRoles.unknownRole" };
    case "cycle":
      return { message: "adminSecurityRoles.cycle", values: { roles: refusal.roles.join(" → ") } };
  }
}

/** A delete of a role still held or offered: say by how many. Null when the delete went ahead or found nothing. */
export function securityRoleDeleteRefusal(outcome: SecurityRoleDeleteOutcome): Refusal | null {
  if (outcome.kind !== "inUse") return null;
  return {
    message: "adminSecurityRoles.inUse",
    values: { holders: outcome.holders, sets: outcome.permissionSets },
    status: 409,
  };
}
