import type { AccessData } from "./access-data";
import type { PortalScope } from "./admin-levels";

/** An assigned organization's business kind and contracts (application targeting reads them). */
export interface OrganizationProfile {
  organizationType: string;
  contractTypes: string[];
  contractCodes: string[];
}

/**
 * Who acts, as services see them: a plain value the routes pass in (services never read a
 * request or a session). `access` holds the features every permission check reads.
 */
/** A user's own time zone and their location's, each an IANA name or none (issue #33). */
export interface TimeZones {
  preference: string | null;
  location: string | null;
}

/** An API client as services see it acting: its scopes and locations, and a SCIM connection's role for new users. */
export interface ActingClient {
  id: number;
  name: string;
  scopes: readonly string[];
  locationIds: readonly number[];
  scimRoleId: number | null;
}

export interface Actor {
  /** The person acting, or for whom an API client acts (its creator). */
  identityId: number;
  /** The API client acting for `identityId` (issue #35 §3), when a machine makes the request. */
  apiClient?: ActingClient;
  userType: "internal" | "external";
  access: AccessData;
  /** Where the actor administers the portal (empty unless they hold a role at an OEM organization; ADR 29). */
  portalScope: PortalScope;
  /** What application targeting reads beyond the access data. */
  profile: {
    role: "admin" | "regular";
    webRoles: string[];
    organizations: OrganizationProfile[];
    /** Applications flagged "requires assignment" assigned to the user. */
    assignedApplicationIds: number[];
    /** Where the user's times are shown (absent for an actor made without a profile). */
    timeZones?: TimeZones;
  };
}
