import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  date,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

/** Raw bytes (an uploaded file); node-postgres and PGlite both take and give a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** The five brands of the group (SPEC §1); ids 1–5 are fixed. */
export const brands = pgTable("brands", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  companyName: text("company_name").notNull(),
});

export const regions = pgTable("regions", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
});

/** Dealers and their locations; a location has a dealer as parent. */
export const organizations = pgTable(
  "organizations",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    type: text("type", { enum: ["dealer", "location", "internal"] }).notNull(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id),
    regionCode: text("region_code")
      .notNull()
      .references(() => regions.code),
    parentId: integer("parent_id").references((): AnyPgColumn => organizations.id),
    /** Business kind for targeting (e.g. DEALER, RENTAL, SERVICE_CENTER). */
    organizationType: text("organization_type").notNull().default("DEALER"),
    contractTypes: text("contract_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contractCodes: text("contract_codes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The organization's id in the maker's systems: a bulk import upserts by it (issue #17). */
    externalId: text("external_id"),
    address: text("address"),
    /** Where the organization is, as a time zone (IANA name): its users' times when they chose none. */
    timeZone: text("time_zone"),
    ...timestamps,
  },
  (t) => [
    index("organizations_parent_idx").on(t.parentId),
    uniqueIndex("organizations_external_id_idx").on(t.externalId),
  ],
);

/** A localized name and description of a record, by locale (the English ones are the columns). */
export type LocalizedTexts = Partial<Record<string, { displayName?: string; description?: string }>>;

/** An application of the launcher (SPEC §3 Application), targeted at users by rules. */
export const applications = pgTable(
  "applications",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    description: text("description").notNull().default(""),
    link: text("link").notNull(),
    regionCode: text("region_code")
      .notNull()
      .references(() => regions.code),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contractCodes: text("contract_codes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contractTypes: text("contract_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    organizationTypes: text("organization_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    primaryTasks: text("primary_tasks")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    typicalUsers: text("typical_users")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    webRoles: text("web_roles")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    customRules: jsonb("custom_rules"),
    /** Shown only to users an administrator assigned it to (user_applications), on top of targeting. */
    requiresAssignment: boolean("requires_assignment").notNull().default(false),
    translations: jsonb("translations").$type<LocalizedTexts>().notNull().default({}),
    sortOrder: integer("sort_order").notNull(),
    modifiedBy: integer("modified_by"),
    ...timestamps,
  },
  (t) => [index("applications_sort_idx").on(t.sortOrder)],
);

/** Every person who can sign in: dealer staff and employees (SPEC §3 User). */
export const identities = pgTable(
  "identities",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    jobTitle: text("job_title"),
    phoneMobile: text("phone_mobile"),
    phoneSecondary: text("phone_secondary"),
    fax: text("fax"),
    preferredLanguage: text("preferred_language").notNull().default("en"),
    /** The user's chosen time zone (IANA name); null: the browser's, else the location's, else UTC. */
    timeZone: text("time_zone"),
    activeDirectoryUsername: text("active_directory_username"),
    listingName: text("listing_name"),
    userType: text("user_type", { enum: ["internal", "external"] }).notNull(),
    role: text("role", { enum: ["admin", "regular"] })
      .notNull()
      .default("regular"),
    serialNumber: text("serial_number").notNull(),
    employeeNumber: text("employee_number"),
    /** The identifier the provisioning identity provider knows the user by (SCIM `externalId`). */
    scimExternalId: text("scim_external_id"),
    /** The SCIM connection (an API client) that created the user; null: made by a person or an import. */
    provisionedBy: integer("provisioned_by").references((): AnyPgColumn => apiClients.id, { onDelete: "set null" }),
    directoryGroups: text("directory_groups")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    webRoles: text("web_roles")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requiredActions: text("required_actions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    passwordHash: text("password_hash"),
    status: text("status", { enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    deactivationReason: text("deactivation_reason"),
    /**
     * Issue #39 §5: when the user last became inactive, and when they asked to be active again (once
     * per deactivation). A trigger (migration 0031) stamps the first, unless the write names it, and
     * clears both when the user is active again, whichever path changes the status.
     */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    reactivationRequestedAt: timestamp("reactivation_requested_at", { withTimezone: true }),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Set by the hourly job when the last verification link lapsed unused; cleared by a new link. */
    verificationExpiredAt: timestamp("verification_expired_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    lastPassportChange: timestamp("last_passport_change", { withTimezone: true }),
    /** Chosen at account migration (the question's text, in the language it was asked in); the answer only hashed. */
    securityQuestion: text("security_question"),
    securityAnswerHash: text("security_answer_hash"),
    /**
     * Issue #39 §4: auto-deactivation leaves the user alone through this day (a service or seasonal
     * account), for the reason an administrator gave; null: no exemption.
     */
    dormancyExemptUntil: date("dormancy_exempt_until", { mode: "string" }),
    dormancyExemptReason: text("dormancy_exempt_reason"),
    /** When the daily job last reminded this administrator of a due security review (issue #16 §3). */
    attestationRemindedAt: timestamp("attestation_reminded_at", { withTimezone: true }),
    /**
     * The users list's location: the preferred location's name, else the first by name; and the
     * names of all the user's locations. Kept by triggers on role_assignments and organizations
     * (migration 0028) so the list sorts and searches through indexes at a million users (ADR 42).
     */
    locationName: text("location_name"),
    locationNames: text("location_names"),
    /** Whether the user holds a role at a dealer location (not only at the maker's own organizations). */
    dealerLocated: boolean("dealer_located").notNull().default(false),
    /**
     * The brands and regions of the organizations where the user holds a role — whom an
     * announcement reaches (issue #40 §3): kept by the same triggers (migration 0034), so counting
     * the audience of a recall at a million users reads one row per user (ADR 48).
     */
    brandIds: integer("brand_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    regionCodes: text("region_codes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What the users search matches: name, e-mail, job title and location names (its trigram index: migration 0028). */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(job_title, '') || ' ' || coalesce(location_names, ''))`,
    ),
    modifiedBy: integer("modified_by"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("identities_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("identities_serial_number_idx").on(t.serialNumber),
    index("identities_provisioned_by_idx").on(t.provisionedBy),
    // SCIM's `externalId eq` lookups (issue #36).
    index("identities_scim_external_id_idx").on(t.scimExternalId),
    index("identities_location_sort_idx").on(t.locationName, t.id),
    // The users list's "Reactivation requested": a few rows among a million.
    index("identities_reactivation_requested_idx")
      .on(t.reactivationRequestedAt)
      .where(sql`${t.reactivationRequestedAt} is not null`),
  ],
);

/**
 * Issue #39 §4: the warnings of a coming auto-deactivation sent to a user, per inactivity period
 * (`periodStart`: the last sign-in, or the creation when never signed in) and days before. A sign-in
 * starts a new period, so its warnings start over; a rerun of the job finds its row and sends
 * nothing twice.
 */
export const dormancyWarnings = pgTable(
  "dormancy_warnings",
  {
    identityId: integer("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    daysBefore: integer("days_before").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.identityId, t.periodStart, t.daysBefore] })],
);

/**
 * A security role carries the features its holders get, and (through its children, transitively)
 * those of its child roles. The other fields describe the role for administrators (SPEC §3).
 */
export const securityRoles = pgTable("security_roles", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  displayName: text("display_name").notNull(),
  features: text("features")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  activities: text("activities")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  businessFunctions: text("business_functions")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  expectations: text("expectations")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  feedId: text("feed_id"),
  excludeFromFeeds: boolean("exclude_from_feeds").notNull().default(false),
  excludeFromCopyUser: boolean("exclude_from_copy_user").notNull().default(false),
  ...timestamps,
});

/** Parent → child: holding the parent grants the child's features too. */
export const securityRoleChildren = pgTable(
  "security_role_children",
  {
    parentId: integer("parent_id")
      .notNull()
      .references(() => securityRoles.id, { onDelete: "cascade" }),
    childId: integer("child_id")
      .notNull()
      .references(() => securityRoles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.childId] }), index("security_role_children_child_idx").on(t.childId)],
);

/** The roles whose holders may assign a role. */
export const securityRoleAssigners = pgTable(
  "security_role_assigners",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => securityRoles.id, { onDelete: "cascade" }),
    assignerId: integer("assigner_id")
      .notNull()
      .references(() => securityRoles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.assignerId] })],
);

/** A named relation from one role to another (e.g. "deputy of"). */
export const securityRoleRelations = pgTable(
  "security_role_relations",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => securityRoles.id, { onDelete: "cascade" }),
    relatedId: integer("related_id")
      .notNull()
      .references(() => securityRoles.id, { onDelete: "cascade" }),
    relationName: text("relation_name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.relatedId, t.relationName] })],
);

/** The digital permissions of the user editor: a set of roles to choose from (SPEC §3). */
export const permissionSets = pgTable("permission_sets", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  displayName: text("display_name").notNull(),
  required: boolean("required").notNull().default(false),
  selectionMode: text("selection_mode", { enum: ["single", "multiple"] })
    .notNull()
    .default("multiple"),
  /** Null: a global set, shown for every user; otherwise only for users of that application (and gone with it). */
  applicationId: integer("application_id").references(() => applications.id, { onDelete: "cascade" }),
  ...timestamps,
});

export const permissionSetRoles = pgTable(
  "permission_set_roles",
  {
    permissionSetId: integer("permission_set_id")
      .notNull()
      .references(() => permissionSets.id, { onDelete: "cascade" }),
    securityRoleId: integer("security_role_id")
      .notNull()
      .references(() => securityRoles.id, { onDelete: "restrict" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.permissionSetId, t.securityRoleId] })],
);

/** A role held by an identity at one organization (location). */
export const roleAssignments = pgTable(
  "role_assignments",
  {
    identityId: integer("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    securityRoleId: integer("security_role_id")
      .notNull()
      .references(() => securityRoles.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    isPreferred: boolean("is_preferred").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.identityId, t.securityRoleId, t.organizationId] })],
);

/** The applications flagged "requires assignment" an administrator assigned to a user (issue #14 §4). */
export const userApplications = pgTable(
  "user_applications",
  {
    identityId: integer("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.identityId, t.applicationId] })],
);

/**
 * A user's digital permissions: the roles chosen in each permission set (SPEC §3). Kept per set,
 * apart from role assignments, since one role may be offered by several sets.
 */
export const userPermissions = pgTable(
  "user_permissions",
  {
    identityId: integer("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    permissionSetId: integer("permission_set_id")
      .notNull()
      .references(() => permissionSets.id, { onDelete: "cascade" }),
    securityRoleId: integer("security_role_id")
      .notNull()
      .references(() => securityRoles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.identityId, t.permissionSetId, t.securityRoleId] })],
);

/**
 * One row per cached catalogue (applications, announcements): every write to a catalogue bumps
 * its version in the write's transaction, so each process can tell whether its copy is current.
 */
export const catalogueVersions = pgTable("catalogue_versions", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/** Portal sessions: the cookie holds only the signed id. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    identityId: integer("identity_id").references(() => identities.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent when signed in, shown as the device on the account page. */
    userAgent: text("user_agent"),
    /** The last request seen with this session (updated at most once a minute). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  },
  (t) => [index("sessions_identity_idx").on(t.identityId)],
);

/** Edit history of users and organizations (SPEC §3 Audit entry). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    entity: text("entity").notNull(),
    /** The record's id (every audited entity has an integer id; text until migration 0029). */
    entityId: integer("entity_id").notNull(),
    operation: text("operation").notNull(),
    field: text("field"),
    oldValue: text("old_value"),
    newValue: text("new_value"),
    changedOn: timestamp("changed_on", { withTimezone: true }).notNull().defaultNow(),
    changedBy: integer("changed_by"),
    /** The API client that made the change for `changedBy` (issue #35 §3); null for a person. */
    apiClientId: integer("api_client_id"),
  },
  // One index per way the audit views read the history at ten million rows (issue #37 §5, ADR 43):
  // a subject's entries, each sort's order, and the time order retention deletes by.
  (t) => [
    index("audit_log_subject_idx").on(t.entity, t.entityId, t.id),
    index("audit_log_changed_on_idx").on(t.changedOn, t.id),
    index("audit_log_changed_by_idx").on(t.changedBy, t.id),
    index("audit_log_operation_idx").on(t.entity, t.operation, t.id),
    // An operation's entries by field (creations have none: the field's own index holds them last).
    index("audit_log_operation_field_idx").on(t.entity, t.operation, t.field, t.id),
    index("audit_log_field_idx").on(t.entity, t.field, t.id),
  ],
);

/** Sign-in attempts on the embedded identity provider, for the lockout rule. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    succeeded: boolean("succeeded").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_attempts_email_idx").on(t.email, t.attemptedAt)],
);

/**
 * Hits per rate-limit key and fixed window, shared by every instance on one PostgreSQL (issue #32
 * §7): the sign-in limit and the API's per-address and per-user limits count here, one statement a hit.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_windows_start_idx").on(t.windowStart)],
);

/** Storage of the embedded identity provider (sessions, grants, codes, tokens). */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    id: text("id").notNull(),
    model: text("model").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    grantId: text("grant_id"),
    uid: text("uid"),
    userCode: text("user_code"),
    accountId: text("account_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.model] }),
    index("oidc_payloads_grant_idx").on(t.grantId),
    index("oidc_payloads_uid_idx").on(t.uid),
  ],
);

/** An announcement (SPEC §3 Announcement), targeted by brands, regions and web security roles. */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** Shown to internal users only. */
    description: text("description").notNull().default(""),
    /** Sanitised HTML. */
    content: text("content").notNull().default(""),
    language: text("language").notNull().default("en"),
    displayLocationCode: text("display_location_code").notNull().default("dealer-home"),
    priority: text("priority", { enum: ["highest", "medium", "lowest"] })
      .notNull()
      .default("medium"),
    linkUrl: text("link_url").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    expirationDate: timestamp("expiration_date", { withTimezone: true }).notNull(),
    roles: text("roles")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    brandIds: integer("brand_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    regionCodes: text("region_codes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Each targeted user confirms "I have read this" (issue #40 §3); it heads their feed until then. */
    requiresAcknowledgement: boolean("requires_acknowledgement").notNull().default(false),
    modifiedBy: integer("modified_by"),
    ...timestamps,
  },
  (t) => [index("announcements_window_idx").on(t.startDate, t.expirationDate)],
);

/** Which announcements a user has read. */
export const announcementReads = pgTable(
  "announcement_reads",
  {
    identityId: integer("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    announcementId: integer("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.identityId, t.announcementId] })],
);

/** Who confirmed an announcement that requires acknowledgement, and when (issue #40 §3). */
export const announcementAcknowledgements = pgTable(
  "announcement_acknowledgements",
  {
    identityId: integer("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    announcementId: integer("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.identityId, t.announcementId] }),
    index("announcement_acknowledgements_announcement_idx").on(t.announcementId),
  ],
);

/** The reminders a targeted user got for an announcement not yet acknowledged: how many (at most two), the last when. */
export const announcementReminders = pgTable(
  "announcement_reminders",
  {
    identityId: integer("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    announcementId: integer("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    sent: integer("sent").notNull().default(0),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identityId, t.announcementId] })],
);

/** An e-mail distribution list users may subscribe to (SPEC §3 User: email preferences). */
export const distributionLists = pgTable("distribution_lists", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  /** Name and description per locale; `en` always present. */
  translations: jsonb("translations").$type<Record<string, { name: string; description: string }>>().notNull(),
  /** Brands whose users are offered the list; empty = every brand. */
  brandIds: integer("brand_ids")
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** A user's subscription to a distribution list. */
export const emailSubscriptions = pgTable(
  "email_subscriptions",
  {
    identityId: integer("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    distributionListId: integer("distribution_list_id")
      .notNull()
      .references(() => distributionLists.id, { onDelete: "cascade" }),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.identityId, t.distributionListId] })],
);

/** The help desk of a brand in a region (issue #5 §4). */
export const helpDesks = pgTable(
  "help_desks",
  {
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id),
    regionCode: text("region_code")
      .notNull()
      .references(() => regions.code),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    /** Opening hours, per locale; `en` always present. */
    hours: jsonb("hours").$type<Record<string, string>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.regionCode] })],
);

/** The documents library's subjects (SPEC §2). */
export const DOCUMENT_SUBJECTS = ["General", "IRW", "Marketing", "Parts", "Sales", "Service", "Warranty"] as const;

/** A document of the library (SPEC §3 Document), its file kept in the file store under `storageKey`. */
export const documents = pgTable(
  "documents",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    subject: text("subject", { enum: DOCUMENT_SUBJECTS }).notNull(),
    brandIds: integer("brand_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    regionCodes: text("region_codes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    storageKey: text("storage_key").notNull(),
    modifiedBy: integer("modified_by"),
    ...timestamps,
  },
  (t) => [index("documents_subject_idx").on(t.subject)],
);

/**
 * Every e-mail the portal sends, written in the transaction of the change that causes it (so a
 * rolled-back change sends nothing) and delivered after commit: by SMTP when SMTP_URL is set,
 * otherwise to the log. `sentAt` stays empty until delivered; failures count in `attempts`.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    /** A deliverer has taken the row until then (another instance skips it; after it, a retry may). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [index("email_outbox_pending_idx").on(t.sentAt, t.id)],
);

/** A verification link of a new user (issue #14 §3): only the token's SHA-256 is kept. */
export const verificationTokens = pgTable(
  "verification_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    identityId: integer("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_tokens_identity_idx").on(t.identityId)],
);

/**
 * What an administrator has typed in the user editor, kept between its tabs until "Review and
 * complete" (issue #14 §4): one draft per administrator and user (`subjectId` 0: a new user).
 * `baseStamp` is the user's `updatedAt` when the draft began, to tell a stale draft.
 */
export const userDrafts = pgTable(
  "user_drafts",
  {
    actorId: integer("actor_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    subjectId: integer("subject_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    baseStamp: text("base_stamp"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.subjectId] })],
);

/**
 * The push of one record (an identity or an organization) to one downstream target (issue #15 §3):
 * written in the transaction of the change (an outbox), delivered after the commit and retried with
 * back-off by the jobs. `generation` grows with every new request, so a delivery that was under way
 * when the record changed again does not mark the newer request done.
 */
export const integrationPushes = pgTable(
  "integration_pushes",
  {
    subjectKind: text("subject_kind", { enum: ["identity", "organization"] }).notNull(),
    subjectId: integer("subject_id").notNull(),
    target: text("target").notNull(),
    state: text("state", { enum: ["pending", "sending", "synced", "failed"] }).notNull(),
    generation: integer("generation").notNull().default(1),
    attempts: integer("attempts").notNull().default(0),
    /** Pending: when the next attempt is due; sending: until when a deliverer holds the row. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [
    primaryKey({ columns: [t.subjectKind, t.subjectId, t.target] }),
    index("integration_pushes_due_idx").on(t.state, t.nextAttemptAt),
  ],
);

/** A push that failed for good (SPEC §3 Integration error), for the integration error report. */
export const integrationErrors = pgTable(
  "integration_errors",
  {
    id: serial("id").primaryKey(),
    subjectKind: text("subject_kind", { enum: ["identity", "organization"] }).notNull(),
    subjectId: integer("subject_id").notNull(),
    organizationId: integer("organization_id"),
    serialNumber: text("serial_number"),
    integrationType: text("integration_type").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    functionName: text("function_name").notNull(),
    logGroup: text("log_group").notNull(),
    logStream: text("log_stream").notNull(),
    message: text("message").notNull(),
    errorDate: timestamp("error_date", { withTimezone: true }).notNull().defaultNow(),
    lastModified: timestamp("last_modified", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("integration_errors_date_idx").on(t.errorDate),
    index("integration_errors_subject_idx").on(t.subjectKind, t.subjectId),
  ],
);

/**
 * A security review (attestation, issue #16 §3) of the users an administrator manages: who
 * reviewed, which locations it covered, which users were listed and which the reviewer disabled.
 * A review under way has no confirmation yet; the accounts disabled so far are kept on it.
 */
export const securityReviews = pgTable(
  "security_reviews",
  {
    id: serial("id").primaryKey(),
    reviewerId: integer("reviewer_id").references(() => identities.id, { onDelete: "set null" }),
    organizationIds: integer("organization_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    listedIdentityIds: integer("listed_identity_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    disabledIdentityIds: integer("disabled_identity_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [index("security_reviews_reviewer_idx").on(t.reviewerId)],
);

/**
 * A directory's configuration (issue #16 §4): per context — DEALER_LOCATION (primary contacts
 * per business area) or SINGULAR_ROLES (singular permissions) — and brand, its roles (items).
 */
export const directoryConfigurations = pgTable(
  "directory_configurations",
  {
    id: serial("id").primaryKey(),
    context: text("context", { enum: ["DEALER_LOCATION", "SINGULAR_ROLES"] }).notNull(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("directory_configurations_context_brand_idx").on(t.context, t.brandId)],
);

/** A role of a directory configuration (SPEC §3 Item; the API's directoryDataType). */
export const directoryItems = pgTable(
  "directory_items",
  {
    id: serial("id").primaryKey(),
    configurationId: integer("configuration_id")
      .notNull()
      .references(() => directoryConfigurations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    displayName: text("display_name").notNull().default(""),
    /** Sanitised HTML. */
    description: text("description").notNull().default(""),
    required: boolean("required").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("directory_items_configuration_idx").on(t.configurationId)],
);

/**
 * Who holds a directory role at a location: one person per role and location (so a singular
 * permission belongs to one user per location — the unique index).
 */
export const directoryAssignments = pgTable(
  "directory_assignments",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => directoryItems.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    identityId: integer("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => identities.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.organizationId] }),
    index("directory_assignments_identity_idx").on(t.identityId),
  ],
);

/**
 * An administrator's directory reviews per context: when last reviewed (or skipped), and when the
 * reminder was last closed — kept on the server so it holds without JavaScript and across devices.
 */
export const directoryReviewStates = pgTable(
  "directory_review_states",
  {
    identityId: integer("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    context: text("context", { enum: ["DEALER_LOCATION", "SINGULAR_ROLES"] }).notNull(),
    lastReviewedAt: timestamp("last_reviewed_at", { withTimezone: true }),
    reminderClosedAt: timestamp("reminder_closed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.identityId, t.context] })],
);

/**
 * One bulk import (issue #17): the uploaded file, kept for the job until it has run, the dry run's
 * report, and the job's state, progress and result. A run is its administrator's own.
 */
export const importRuns = pgTable(
  "import_runs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["identities", "organizations"] }).notNull(),
    actorId: integer("actor_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    fileType: text("file_type", { enum: ["csv", "xlsx"] }).notNull(),
    file: bytea("file"),
    state: text("state", { enum: ["checked", "queued", "running", "done", "failed"] }).notNull(),
    report: jsonb("report").$type<StoredImportReport>().notNull(),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    result: jsonb("result").$type<StoredImportResult>(),
    /** Why the last run failed: a translation key. */
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Written by the job as it goes (PostgreSQL); a running import whose heartbeat stopped has failed. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("import_runs_actor_idx").on(t.actorId, t.createdAt)],
);

/** The dry run's report as kept: the counts, and the problems up to a limit (the count says how many). */
export interface StoredImportReport {
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  problemCount: number;
  problems: { row: number; column: string; message: string; values?: Record<string, string | number> }[];
}

/** What an import did, row by row: the records created, updated and left unchanged. */
export interface StoredImportResult {
  created: { row: number; id: number; key: string }[];
  updated: { row: number; id: number; key: string }[];
  unchanged: { row: number; id: number; key: string }[];
}

/**
 * One-time keys of posted forms (issue #34): each rendered form carries one; the first post with it
 * claims the key and its answer is kept, and a repeat (double click, retry, replay) gets that
 * answer again without a second write. Kept a day.
 */
export const formKeys = pgTable(
  "form_keys",
  {
    key: text("key").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The first answer's status once given; null while its post is in flight. */
    status: integer("status"),
    /** Where the first answer sent the browser (a redirect), if it did. */
    location: text("location"),
  },
  (t) => [index("form_keys_created_idx").on(t.createdAt)],
);

/**
 * Sessions that ended (issue #34): whose they were, by a hash of their id, so a post still carrying
 * the cookie of one is kept for its identity however it ended (a time-out, signing out elsewhere,
 * an administrator). Written by a trigger on every deletion of a signed-in session; kept a day.
 */
export const endedSessions = pgTable(
  "ended_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    // No reference: a session ends as its identity is deleted, in the same statement.
    identityId: integer("identity_id").notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ended_sessions_ended_idx").on(t.endedAt)],
);

/**
 * A form post that met an ended session (issue #34): its fields, sealed (encrypted), for the same
 * identity to find filled in after signing in again; dropped after use or expiry.
 */
export const formRescues = pgTable(
  "form_rescues",
  {
    id: serial("id").primaryKey(),
    identityId: integer("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    /** The page the form was posted to (path and query). */
    path: text("path").notNull(),
    /** The posted fields (no files, no secrets), sealed with the server's key. */
    sealed: text("sealed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("form_rescues_identity_idx").on(t.identityId, t.path)],
);

/**
 * Machine clients of the API (issue #35 §3): a system that calls /api/v2 with the OAuth 2.0 client
 * credentials grant. It acts for its creator, never beyond them: its features are the creator's
 * within its scopes, its locations the creator's within those named here.
 */
export const apiClients = pgTable(
  "api_clients",
  {
    id: serial("id").primaryKey(),
    /** The OAuth client_id it presents (`pc_` and random characters). */
    clientId: text("client_id").notNull(),
    name: text("name").notNull(),
    /** Scopes as `<area>:read` / `<area>:write` (permissions/api-client-scopes.ts). */
    scopes: text("scopes").array().notNull(),
    /** The dealer locations it may act on (organization ids). */
    locationIds: integer("location_ids").array().notNull(),
    createdBy: integer("created_by")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** With the `scim` scope: the role every user the connection creates starts with (a user holds at least one). */
    scimRoleId: integer("scim_role_id").references(() => securityRoles.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("api_clients_client_id_idx").on(t.clientId), index("api_clients_created_by_idx").on(t.createdBy)],
);

/**
 * An API client's secrets, hashed (SHA-256 of a random 256-bit secret: no slow hash is needed for
 * a value no person chose). Two live during a rotation: the previous one until `retiresAt`.
 */
export const apiClientSecrets = pgTable(
  "api_client_secrets",
  {
    id: serial("id").primaryKey(),
    apiClientId: integer("api_client_id")
      .notNull()
      .references(() => apiClients.id, { onDelete: "cascade" }),
    secretHash: text("secret_hash").notNull(),
    /** Its last four characters, for the administrator to tell secrets apart. */
    hint: text("hint").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    retiresAt: timestamp("retires_at", { withTimezone: true }),
  },
  (t) => [index("api_client_secrets_client_idx").on(t.apiClientId)],
);

/**
 * Issue #40 §1: the network dashboard's figures per dealer location, worked out by the
 * `network-figures` job (a few statements over the whole network) so the page reads a few
 * thousand rows: the location's required directory roles and how many are filled, its latest
 * confirmed security review and by whom, and when the figures were taken.
 */
export const networkLocations = pgTable(
  "network_locations",
  {
    locationId: integer("location_id")
      .primaryKey()
      .references(() => organizations.id, { onDelete: "cascade" }),
    dealerId: integer("dealer_id"),
    brandId: integer("brand_id").notNull(),
    regionCode: text("region_code").notNull(),
    requiredRoles: integer("required_roles").notNull(),
    filledRoles: integer("filled_roles").notNull(),
    lastReviewAt: timestamp("last_review_at", { withTimezone: true }),
    lastReviewerId: integer("last_reviewer_id"),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("network_locations_scope_idx").on(t.brandId, t.regionCode, t.dealerId)],
);

/**
 * Issue #40 §1: accounts and integration errors per location, per dealer and per brand and region,
 * each counted once at its level (a user of two locations of a dealer is one of the dealer's).
 * `dealerId` and `locationId` are 0 where the level has none.
 */
export const networkFigures = pgTable(
  "network_figures",
  {
    level: text("level", { enum: ["location", "dealer", "brandRegion"] }).notNull(),
    brandId: integer("brand_id").notNull(),
    regionCode: text("region_code").notNull(),
    dealerId: integer("dealer_id").notNull(),
    locationId: integer("location_id").notNull(),
    active: integer("active").notNull().default(0),
    neverSignedIn: integer("never_signed_in").notNull().default(0),
    dormant: integer("dormant").notNull().default(0),
    dueSoon: integer("due_soon").notNull().default(0),
    integrationErrors: integer("integration_errors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.level, t.brandId, t.regionCode, t.dealerId, t.locationId] })],
);

/**
 * Issue #40 §1–2: every required directory role of every dealer location, its active holder (null:
 * unfilled), since when it is unfilled, and whether it became so by losing its holder (deactivated,
 * deleted or no longer holding it). Kept by the `network-figures` job; each escalation of §2 is
 * stamped here, so each is sent once, and cleared when the role is filled again.
 */
export const directoryStaffing = pgTable(
  "directory_staffing",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => directoryItems.id, { onDelete: "cascade" }),
    holderId: integer("holder_id"),
    unfilledSince: timestamp("unfilled_since", { withTimezone: true }),
    holderLost: boolean("holder_lost").notNull().default(false),
    locationNotifiedAt: timestamp("location_notified_at", { withTimezone: true }),
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.itemId] }),
    index("directory_staffing_unfilled_idx")
      .on(t.unfilledSince)
      .where(sql`${t.holderId} is null`),
  ],
);
