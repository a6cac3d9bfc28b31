import type { Refusal } from "~/forms/save-outcome";
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
    // Issue #30 §3: refusals of who may grant what, on the field that would grant it (403).
    case "portalWideOnly":
      return { message: "adminSecurityRoles.portalWideOnly", field: refusal.field, status: 403 };
    case "featuresNotHeld":
      return { message: "adminSecurityRoles.featuresNotHeld", field: "features", status: 403 };
    case "childrenGrantNotHeld":
      return { message: "adminSecurityRoles.childrenGrantNotHeld", field: "children", status: 403 };
    case "parentsSpreadNotHeld":
      return { message: "adminSecurityRoles.parentsSpreadNotHeld", field: "parents", status: 403 };
    case "assignableBySelf":
      return { message: "adminSecurityRoles.assignableBySelf", field: "assignableBy", status: 403 };
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
