import { eq, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import {
  applications,
  permissionSetRoles,
  permissionSets,
  securityRoleAssigners,
  securityRoleChildren,
  securityRoleRelations,
  securityRoles,
} from "~/db/schema";
import { ALL_ADMIN_FEATURES, F } from "~/permissions/features";

interface SeedRole {
  name: string;
  displayName: string;
  features: readonly string[];
  children: readonly string[];
  assignableBy: readonly string[];
  relations?: readonly { role: string; name: string }[];
  activities: readonly string[];
  businessFunctions: readonly string[];
  expectations: readonly string[];
  feedId?: string;
  excludeFromFeeds?: boolean;
  excludeFromCopyUser?: boolean;
}

/*
 * The demo roles. A dealer's roles grant their features mostly through "Dealer staff", their
 * common child; the demo accounts keep exactly the features they had when each role was a flat
 * list (tests/service/foundation.test.ts pins them).
 */
export const SEED_ROLES = [
  {
    name: "PORTAL_ADMIN",
    displayName: "Portal administrator",
    // documents:view held directly too: an administrator may not grant what they lack (issue #30),
    // so one who could take it off Dealer staff must still hold it to give it back.
    features: [...ALL_ADMIN_FEATURES, F.networkRead, F.documentsWrite, F.documentsView, F.dev],
    children: ["DEALER_STAFF"],
    assignableBy: [],
    activities: ["Administer users, roles and permission sets", "Publish announcements and documents"],
    businessFunctions: ["Dealer network administration"],
    expectations: ["Reviews access of the locations they administer every quarter"],
    feedId: "PA-001",
    excludeFromCopyUser: true,
  },
  {
    // Dealer administration only (ADR 29): the users, directory, security review and identity
    // import of the locations where it is held; nothing of the portal-wide catalogue.
    name: "DEALER_ADMIN",
    displayName: "Dealer administrator",
    features: [F.usersWrite, F.usersEdit, F.usersRead, F.auditUsersRead, F.identityBulkImportWrite],
    children: ["DEALER_STAFF"],
    assignableBy: ["PORTAL_ADMIN"],
    activities: ["Administer the users of their dealership", "Review their locations' access and directory"],
    businessFunctions: ["Dealer administration"],
    expectations: ["Reviews access of the locations they administer every quarter"],
    feedId: "DA-050",
    excludeFromCopyUser: true,
  },
  {
    name: "DEALER_STAFF",
    displayName: "Dealer staff",
    features: [F.documentsView],
    children: [],
    assignableBy: ["PORTAL_ADMIN", "DEALER_ADMIN", "DEALER_PRINCIPAL"],
    activities: ["Read service documents and announcements"],
    businessFunctions: ["Dealer operations"],
    expectations: ["Keeps contact details current"],
    feedId: "DS-100",
  },
  {
    name: "DEALER_PRINCIPAL",
    displayName: "Dealer principal",
    features: [],
    children: ["SERVICE_MANAGER", "PARTS_MANAGER", "SALES_REPRESENTATIVE"],
    assignableBy: ["PORTAL_ADMIN"],
    relations: [{ role: "PORTAL_ADMIN", name: "escalates to" }],
    activities: ["Run the dealership", "Approve staff access requests"],
    businessFunctions: ["Dealer management"],
    expectations: ["Names a deputy for access approvals"],
    feedId: "DP-010",
  },
  {
    name: "SERVICE_MANAGER",
    displayName: "Service manager",
    features: [],
    children: ["DEALER_STAFF"],
    assignableBy: ["PORTAL_ADMIN", "DEALER_ADMIN", "DEALER_PRINCIPAL"],
    relations: [{ role: "WARRANTY_ADMINISTRATOR", name: "works with" }],
    activities: ["Plan workshop capacity", "Follow service bulletins"],
    businessFunctions: ["After-sales service"],
    expectations: ["Reads safety bulletins within two working days"],
    feedId: "SM-200",
  },
  {
    name: "PARTS_MANAGER",
    displayName: "Parts manager",
    features: [],
    children: ["DEALER_STAFF"],
    assignableBy: ["PORTAL_ADMIN", "DEALER_ADMIN", "DEALER_PRINCIPAL"],
    activities: ["Order and stock parts", "Handle returns"],
    businessFunctions: ["Parts and logistics"],
    expectations: ["Keeps the parts catalogue subscription active"],
    feedId: "PM-300",
  },
  {
    name: "SALES_REPRESENTATIVE",
    displayName: "Sales representative",
    features: [],
    children: ["DEALER_STAFF"],
    assignableBy: ["PORTAL_ADMIN", "DEALER_ADMIN", "DEALER_PRINCIPAL"],
    activities: ["Quote and configure machines"],
    businessFunctions: ["Sales"],
    expectations: ["Uses current price lists only"],
    feedId: "SR-400",
  },
  {
    name: "WARRANTY_ADMINISTRATOR",
    displayName: "Warranty administrator",
    features: [],
    children: ["DEALER_STAFF"],
    assignableBy: ["PORTAL_ADMIN", "DEALER_ADMIN", "DEALER_PRINCIPAL"],
    activities: ["File and follow warranty claims"],
    businessFunctions: ["After-sales service"],
    expectations: ["Files claims within 30 days of the repair"],
    feedId: "WA-500",
  },
  {
    name: "PARTNER_SALES",
    displayName: "Partner sales",
    features: [],
    children: ["SALES_REPRESENTATIVE"],
    assignableBy: ["PORTAL_ADMIN"],
    activities: ["Sell through the partner portal"],
    businessFunctions: ["Sales"],
    expectations: ["Signs in through the partner portal"],
    excludeFromFeeds: true,
  },
  {
    // Issue #40: the maker's brand and regional managers, held at an OEM organization (its brand
    // and region); at a dealer's location it grants nothing (a portal-wide feature, ADR 29).
    name: "OEM_NETWORK_MANAGER",
    displayName: "OEM network manager",
    features: [F.networkRead],
    children: [],
    assignableBy: ["PORTAL_ADMIN"],
    activities: ["Watch the dealer network of their brands and regions"],
    businessFunctions: ["Dealer network development"],
    expectations: ["Follows up overdue reviews and unstaffed locations with the dealers"],
    excludeFromFeeds: true,
    excludeFromCopyUser: true,
  },
  {
    name: "READ_ONLY_AUDITOR",
    displayName: "Auditor",
    features: [F.usersRead, F.announcementsRead, F.auditUsersRead],
    children: [],
    assignableBy: ["PORTAL_ADMIN"],
    activities: ["Review user access and its history"],
    businessFunctions: ["Compliance"],
    expectations: ["Changes nothing"],
    excludeFromFeeds: true,
    excludeFromCopyUser: true,
  },
] as const satisfies readonly SeedRole[];

export type SeedRoleName = (typeof SEED_ROLES)[number]["name"];

/** The demo roles with their hierarchy, assigners and relations; ids by name. */
export async function seedRoles(tx: Executor): Promise<Map<SeedRoleName, number>> {
  const ids = new Map<SeedRoleName, number>();
  for (const role of SEED_ROLES as readonly (SeedRole & { name: SeedRoleName })[]) {
    const [row] = await tx
      .insert(securityRoles)
      .values({
        name: role.name,
        displayName: role.displayName,
        features: [...role.features],
        activities: [...role.activities],
        businessFunctions: [...role.businessFunctions],
        expectations: [...role.expectations],
        feedId: role.feedId ?? null,
        excludeFromFeeds: role.excludeFromFeeds ?? false,
        excludeFromCopyUser: role.excludeFromCopyUser ?? false,
      })
      .returning({ id: securityRoles.id });
    ids.set(role.name, row.id);
  }
  const id = (name: string) => ids.get(name as SeedRoleName)!;
  for (const role of SEED_ROLES as readonly SeedRole[]) {
    for (const child of role.children)
      await tx.insert(securityRoleChildren).values({ parentId: id(role.name), childId: id(child) });
    for (const assigner of role.assignableBy)
      await tx.insert(securityRoleAssigners).values({ roleId: id(role.name), assignerId: id(assigner) });
    for (const relation of role.relations ?? [])
      await tx
        .insert(securityRoleRelations)
        .values({ roleId: id(role.name), relatedId: id(relation.role), relationName: relation.name });
  }
  return ids;
}

const SEED_PERMISSION_SETS: readonly {
  name: string;
  displayName: string;
  required: boolean;
  selectionMode: "single" | "multiple";
  application?: string;
  roles: readonly SeedRoleName[];
}[] = [
  {
    name: "DEALER_FUNCTION",
    displayName: "Dealer function",
    required: true,
    selectionMode: "single",
    roles: ["DEALER_PRINCIPAL", "SERVICE_MANAGER", "PARTS_MANAGER", "SALES_REPRESENTATIVE"],
  },
  {
    name: "WARRANTY_CLAIMS",
    displayName: "Warranty claims",
    required: true,
    selectionMode: "single",
    application: "VANTOR_WARRANTY",
    roles: ["WARRANTY_ADMINISTRATOR", "SERVICE_MANAGER"],
  },
  {
    name: "PARTS_ORDERING",
    displayName: "Parts ordering",
    required: false,
    selectionMode: "multiple",
    application: "VANTOR_PARTS",
    roles: ["PARTS_MANAGER", "DEALER_STAFF"],
  },
  {
    name: "SALES_CHANNELS",
    displayName: "Sales channels",
    required: false,
    selectionMode: "multiple",
    roles: ["SALES_REPRESENTATIVE", "PARTNER_SALES"],
  },
  {
    name: "CONFIGURATOR_ACCESS",
    displayName: "Configurator access",
    required: false,
    selectionMode: "single",
    application: "VANTOR_CONFIGURATOR",
    roles: ["SALES_REPRESENTATIVE", "DEALER_PRINCIPAL"],
  },
  {
    name: "COMPLIANCE_REVIEW",
    displayName: "Compliance review",
    required: false,
    selectionMode: "multiple",
    roles: ["READ_ONLY_AUDITOR"],
  },
];

/** Demo permission sets; only on a database without any, once roles and applications exist. */
export async function seedPermissionSets(database: Executor): Promise<boolean> {
  const [{ count }] = await database.select({ count: sql<number>`count(*)::int` }).from(permissionSets);
  if (count > 0) return false;
  const roleRows = await database.select({ id: securityRoles.id, name: securityRoles.name }).from(securityRoles);
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
  if (!SEED_PERMISSION_SETS.every((set) => set.roles.every((name) => roleId.has(name)))) return false;
  for (const set of SEED_PERMISSION_SETS) {
    const [app] = set.application
      ? await database.select({ id: applications.id }).from(applications).where(eq(applications.name, set.application))
      : [undefined];
    const [row] = await database
      .insert(permissionSets)
      .values({
        name: set.name,
        displayName: set.displayName,
        required: set.required,
        selectionMode: set.selectionMode,
        applicationId: app?.id ?? null,
      })
      .returning({ id: permissionSets.id });
    await database
      .insert(permissionSetRoles)
      .values(
        set.roles.map((name, sortOrder) => ({ permissionSetId: row.id, securityRoleId: roleId.get(name)!, sortOrder })),
      );
  }
  return true;
}
