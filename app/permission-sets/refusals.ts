import type { Refusal } from "~/forms/save-outcome";
import type { PermissionSetRefusal } from "./permission-sets.server";

/** The message of each reason the service gives not to save a permission set (the editor and the API say the same). */
export function permissionSetRefusal(refusal: PermissionSetRefusal): Refusal {
  switch (refusal.kind) {
    case "duplicateName":
      return { message: "adminPermissionSets.nameTaken", field: "name" };
    case "unknownRole":
      return { message: "adminPermissionSets.unknownRole", field: "securityRoles" };
    case "unknownApplication":
      return { message: "adminPermissionSets.unknownApplication", field: "applicationId" };
    // Issue #30 §3: refusals of who may offer what (403).
    case "portalWideOnly":
      return { message: "adminPermissionSets.portalWideOnly", field: "securityRoles", status: 403 };
    case "rolesGrantNotHeld":
      return { message: "adminPermissionSets.rolesGrantNotHeld", field: "securityRoles", status: 403 };
  }
}
