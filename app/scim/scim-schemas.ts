/*
 * What the portal's SCIM service is (RFC 7643 §5–7, issue #36): its schemas, resource types and
 * service provider configuration, each saying what the server does — no more. The User
 * resource's attributes map onto a portal user's data (ADR 40).
 */
import { SCIM_MAX_RESULTS } from "~/limits";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const ENTERPRISE_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const PORTAL_SCHEMA = "urn:ietf:params:scim:schemas:extension:dealerportal:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const CONFIG_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
const RESOURCE_TYPE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
const SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

type Mutability = "readOnly" | "readWrite" | "immutable" | "writeOnly";

interface Attribute {
  name: string;
  type: "string" | "boolean" | "complex" | "dateTime" | "reference" | "integer";
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: Mutability;
  returned: "always" | "default" | "never" | "request";
  uniqueness: "none" | "server" | "global";
  canonicalValues?: string[];
  referenceTypes?: string[];
  subAttributes?: Attribute[];
}

/** An attribute with the RFC's defaults (a string, single, optional, case-insensitive, read-write). */
function attribute(name: string, description: string, options: Partial<Attribute> = {}): Attribute {
  return {
    name,
    type: "string",
    multiValued: false,
    description,
    required: false,
    caseExact: false,
    mutability: "readWrite",
    returned: "default",
    uniqueness: "none",
    ...options,
  };
}

/** A multi-valued attribute of `value`/`type`/`primary` entries, the types the portal keeps. */
function typedValues(name: string, description: string, types: string[], mutability: Mutability): Attribute {
  return attribute(name, description, {
    type: "complex",
    multiValued: true,
    mutability,
    subAttributes: [
      attribute("value", "The value.", { mutability }),
      attribute("type", "The kind of value.", { canonicalValues: types, mutability }),
      attribute("primary", "The main value.", { type: "boolean", mutability }),
    ],
  });
}

export const PHONE_TYPES = ["mobile", "work", "fax"] as const;

const USER_ATTRIBUTES: Attribute[] = [
  attribute("userName", "The user's e-mail address, with which they sign in.", {
    required: true,
    uniqueness: "server",
  }),
  attribute("name", "The user's name.", {
    type: "complex",
    required: true,
    subAttributes: [
      attribute("formatted", "Given and family name.", { mutability: "readOnly" }),
      attribute("givenName", "First name.", { required: true }),
      attribute("familyName", "Last name.", { required: true }),
    ],
  }),
  attribute("displayName", "The name shown in listings (the listing name; else the full name)."),
  attribute("title", "Job title."),
  attribute("userType", "Internal (the manufacturer's) or external (a dealer's).", {
    canonicalValues: ["internal", "external"],
  }),
  attribute("preferredLanguage", "The portal's language for the user: en, de, fr, es, it, nl, pt, ko or zh."),
  attribute("locale", "Read as the preferred language when that is not given."),
  attribute("active", "Whether the user may sign in; false deactivates (reason: deprovisioned).", {
    type: "boolean",
  }),
  typedValues("emails", "The user's e-mail address (the user name), of type work.", ["work"], "readWrite"),
  typedValues("phoneNumbers", "Mobile, work and fax numbers.", [...PHONE_TYPES], "readWrite"),
  attribute("groups", "The portal roles the user holds at this connection's locations.", {
    type: "complex",
    multiValued: true,
    mutability: "readOnly",
    subAttributes: [
      attribute("value", "The role's id.", { mutability: "readOnly", caseExact: true }),
      attribute("display", "The role's name.", { mutability: "readOnly" }),
      attribute("$ref", "The group's address.", {
        type: "reference",
        referenceTypes: ["Group"],
        mutability: "readOnly",
      }),
    ],
  }),
];

const ENTERPRISE_ATTRIBUTES: Attribute[] = [
  attribute("employeeNumber", "The user's employee (serial) number."),
  attribute("organization", "The name of the user's preferred location.", { mutability: "readOnly" }),
];

const PORTAL_ATTRIBUTES: Attribute[] = [
  attribute("locations", "The user's locations (organization ids) among the connection's; the first is preferred.", {
    multiValued: true,
    caseExact: true,
  }),
  attribute("administrator", "Whether the user is an administrator (else standard).", { type: "boolean" }),
];

const GROUP_ATTRIBUTES: Attribute[] = [
  attribute("displayName", "The role's name.", { required: true, mutability: "readOnly" }),
  attribute("members", "The users holding the role at this connection's locations.", {
    type: "complex",
    multiValued: true,
    subAttributes: [
      attribute("value", "The user's id.", { caseExact: true, mutability: "immutable" }),
      attribute("display", "The user's name.", { mutability: "readOnly" }),
      attribute("$ref", "The user's address.", { type: "reference", referenceTypes: ["User"], mutability: "readOnly" }),
    ],
  }),
];

const SCHEMAS = [
  { id: USER_SCHEMA, name: "User", description: "A portal user.", attributes: USER_ATTRIBUTES },
  { id: ENTERPRISE_SCHEMA, name: "EnterpriseUser", description: "Enterprise user.", attributes: ENTERPRISE_ATTRIBUTES },
  { id: PORTAL_SCHEMA, name: "DealerPortalUser", description: "Where the user works.", attributes: PORTAL_ATTRIBUTES },
  {
    id: GROUP_SCHEMA,
    name: "Group",
    description: "A portal role this connection may assign.",
    attributes: GROUP_ATTRIBUTES,
  },
];

/** `/Schemas` and `/Schemas/{id}`: each schema with its location. */
export function schemaDocuments(base: string) {
  return SCHEMAS.map((schema) => ({
    schemas: [SCHEMA_SCHEMA],
    ...schema,
    meta: { resourceType: "Schema", location: `${base}/Schemas/${schema.id}` },
  }));
}

/** `/ResourceTypes`: users (with their two extensions) and groups. */
export function resourceTypes(base: string) {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: "User",
      name: "User",
      endpoint: "/Users",
      description: "Portal users at this connection's locations.",
      schema: USER_SCHEMA,
      schemaExtensions: [
        { schema: ENTERPRISE_SCHEMA, required: false },
        { schema: PORTAL_SCHEMA, required: false },
      ],
      meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: "Group",
      name: "Group",
      endpoint: "/Groups",
      description: "Portal roles this connection may assign.",
      schema: GROUP_SCHEMA,
      schemaExtensions: [],
      meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/Group` },
    },
  ];
}

/** `/ServiceProviderConfig`: PATCH, filters, ETags and sorting; no bulk, no password change (the user sets theirs). */
export function serviceProviderConfig(base: string, documentationUri: string) {
  return {
    schemas: [CONFIG_SCHEMA],
    documentationUri,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: true },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "Bearer token",
        description: "The SCIM connection's token, or an access token of its API client.",
        primary: true,
      },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${base}/ServiceProviderConfig` },
  };
}

/** The SCIM service's address under the portal's public one. */
export function scimBaseOf(publicUrl: string): string {
  return `${publicUrl}/scim/v2`;
}

/** A list answer (RFC 7644 §3.4.2): the total, where the page starts, and its resources. */
export function listResponseOf(total: number, startIndex: number, resources: unknown[]) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
