import { hash } from "@node-rs/argon2";
import { isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  announcementReads,
  announcements,
  applications,
  brands,
  identities,
  organizations,
  regions,
  roleAssignments,
  type LocalizedTexts,
} from "~/db/schema";
import { SEED_APPLICATIONS } from "./seed-applications";
import { SEED_ANNOUNCEMENTS, SEED_READS } from "./seed-announcements";
import { seedDocuments } from "./seed-documents";
import { sanitizeAnnouncementHtml } from "~/announcements/sanitize";
import APPLICATION_TRANSLATIONS from "./seed-application-translations.json";
import { seedDemoContactData, seedSelfServiceReference } from "./seed-self-service";
import { seedPermissionSets, seedRoles, type SeedRoleName } from "./seed-roles";
import { seedHistory } from "./seed-history";
import { PRINCIPAL_LOCATION, seedSecurityReviews } from "./seed-security-reviews";
import { DIRECTORY_DEMO_DEALERS, seedDirectory } from "./seed-directory";
import { seedAdministrationLevels } from "./seed-administration";
import { seedDemoNetwork } from "./seed-network";
import { AUTO_DEACTIVATION_DAYS, DAY_MS } from "~/limits";
import { refreshNetworkFigures } from "~/network/refresh.server";

/** The five brands (issue #2 §1): fixed ids, names and company names. */
export const BRANDS = [
  { id: 1, name: "Vantor", companyName: "Vantor Equipment" },
  { id: 2, name: "Vantor Portable Power", companyName: "Vantor Equipment" },
  { id: 3, name: "Halden", companyName: "Halden Works" },
  { id: 4, name: "Corvane", companyName: "Corvane Machinery" },
  { id: 5, name: "Brixton", companyName: "Brixton Industries" },
] as const;

export const REGIONS = [
  { code: "NA", name: "North America" },
  { code: "EMEA", name: "Europe, Middle East and Africa" },
  { code: "APAC", name: "Asia Pacific" },
] as const;

export const DEMO_PASSWORD = "Demo#Portal2026";

const DEALERS = [
  {
    key: "vantor-na",
    name: "Prairie Equipment Co.",
    location: "Prairie Equipment – Columbus",
    brandId: 1,
    region: "NA",
    organizationType: "DEALER",
    contractTypes: ["FULL_LINE"],
    contractCodes: ["C-100"],
  },
  {
    key: "power-na",
    name: "Lakeside Power Supply",
    location: "Lakeside Power – Milwaukee",
    brandId: 2,
    region: "NA",
    organizationType: "DEALER",
    contractTypes: ["COMPACT"],
    contractCodes: ["C-200"],
  },
  {
    key: "corvane-emea",
    name: "Rheinland Maschinen GmbH",
    location: "Rheinland Maschinen – Köln",
    brandId: 4,
    region: "EMEA",
    organizationType: "DEALER",
    contractTypes: ["FULL_LINE"],
    contractCodes: ["C-400"],
  },
  {
    key: "summit-na",
    name: "Summit Machinery Inc.",
    location: PRINCIPAL_LOCATION,
    brandId: 1,
    region: "NA",
    organizationType: "DEALER",
    contractTypes: ["COMPACT"],
    contractCodes: ["C-110"],
  },
  ...DIRECTORY_DEMO_DEALERS,
  {
    key: "halden-emea",
    name: "Nordic Halden Partners",
    location: "Nordic Halden – Göteborg",
    brandId: 3,
    region: "EMEA",
    organizationType: "DEALER",
    contractTypes: ["FULL_LINE"],
    contractCodes: ["C-300"],
  },
  {
    key: "brixton-apac",
    name: "Pacific Brixton Pty",
    location: "Pacific Brixton – Brisbane",
    brandId: 5,
    region: "APAC",
    organizationType: "SERVICE_CENTER",
    contractTypes: ["SERVICE"],
    contractCodes: ["C-500"],
  },
] as const;

type DealerKey = (typeof DEALERS)[number]["key"];

/** Where the demo locations are: their users' times when they chose no zone and their browser says none. */
const LOCATION_TIME_ZONES: Partial<Record<DealerKey, string>> = {
  "vantor-na": "America/New_York",
  "power-na": "America/Chicago",
  "corvane-emea": "Europe/Berlin",
  "summit-na": "America/Denver",
  "halden-emea": "Europe/Stockholm",
  "brixton-apac": "Australia/Brisbane",
};

type RoleName = SeedRoleName;

export const DEMO_ACCOUNTS: readonly {
  email: string;
  firstName: string;
  lastName: string;
  userType: "internal" | "external";
  role: "admin" | "regular";
  employeeNumber: string | null;
  serialNumber: string;
  securityRole: RoleName;
  locations: readonly DealerKey[];
  webRoles?: readonly string[];
  /** Flags of required actions at sign-in (SPEC §4), e.g. changePassword for an account to migrate. */
  requiredActions?: readonly string[];
  /** Deactivated by the daily job this many days ago, after 180 days without a sign-in (issue #39 §5). */
  deactivatedDaysAgo?: number;
  description: string;
}[] = [
  {
    email: "admin@example.com",
    firstName: "Alex",
    lastName: "Morgan",
    userType: "external",
    role: "admin",
    employeeNumber: "E-1001",
    serialNumber: "SN-1001",
    securityRole: "PORTAL_ADMIN",
    locations: ["vantor-na", "power-na", "corvane-emea"],
    webRoles: ["DEALER_ADMIN"],
    description: "administrator, brands 1 2 4",
  },
  {
    email: "dealer@example.com",
    firstName: "Dana",
    lastName: "Reyes",
    userType: "external",
    role: "regular",
    employeeNumber: "E-1002",
    serialNumber: "SN-1002",
    securityRole: "DEALER_PRINCIPAL",
    locations: ["vantor-na"],
    description: "dealer principal, brand 1",
  },
  {
    email: "employee@example.com",
    firstName: "Erin",
    lastName: "Walsh",
    userType: "internal",
    role: "regular",
    employeeNumber: null,
    serialNumber: "SN-1003",
    securityRole: "DEALER_STAFF",
    locations: ["vantor-na", "power-na", "corvane-emea", "halden-emea", "brixton-apac"],
    description: "employee, brands 1–5",
  },
  {
    email: "halden@example.com",
    firstName: "Hugo",
    lastName: "Lind",
    userType: "external",
    role: "regular",
    employeeNumber: "E-1004",
    serialNumber: "SN-1004",
    securityRole: "SERVICE_MANAGER",
    locations: ["halden-emea"],
    description: "service manager, brand 3",
  },
  {
    email: "auditor@example.com",
    firstName: "Riley",
    lastName: "Chen",
    userType: "external",
    role: "regular",
    employeeNumber: "E-1005",
    serialNumber: "SN-1005",
    securityRole: "READ_ONLY_AUDITOR",
    locations: ["vantor-na"],
    description: "read-only auditor, brand 1",
  },
  {
    email: "partner@example.com",
    firstName: "Pat",
    lastName: "Quinn",
    userType: "external",
    role: "regular",
    employeeNumber: "E-1006",
    serialNumber: "SN-1006",
    securityRole: "PARTNER_SALES",
    locations: ["vantor-na"],
    webRoles: ["PartnerPortalSales"],
    description: "partner-portal sales role, brand 1 (home sends on to the partner portal)",
  },
  {
    email: "migrate@example.com",
    firstName: "Mika",
    lastName: "Sato",
    userType: "external",
    role: "regular",
    employeeNumber: "E-1007",
    serialNumber: "SN-1007",
    securityRole: "DEALER_STAFF",
    locations: ["vantor-na"],
    requiredActions: ["changePassword"],
    description: "account to migrate: the change-password modal opens at sign-in",
  },
  {
    email: "principal@example.com",
    firstName: "Paula",
    lastName: "Grant",
    userType: "external",
    role: "admin",
    employeeNumber: "E-1008",
    serialNumber: "SN-1008",
    securityRole: "DEALER_ADMIN",
    locations: ["summit-na"],
    description: "dealer principal whose security review is due: the security review modal opens at sign-in",
  },
  {
    email: "directory@example.com",
    firstName: "Omar",
    lastName: "Lindqvist",
    userType: "external",
    role: "admin",
    employeeNumber: "E-1009",
    serialNumber: "SN-1009",
    securityRole: "DEALER_ADMIN",
    locations: ["plains-omaha", "plains-lincoln", "plains-wichita"],
    description: "administrator of three locations, two missing contacts: the dealer location review opens at sign-in",
  },
  {
    email: "singular@example.com",
    firstName: "Sofia",
    lastName: "Marsh",
    userType: "external",
    role: "admin",
    employeeNumber: "E-1010",
    serialNumber: "SN-1010",
    securityRole: "DEALER_ADMIN",
    locations: ["redriver-tulsa"],
    description: "administrator whose location has no warranty signatory: the singular roles review opens at sign-in",
  },
  {
    email: "oem@example.com",
    firstName: "Olivia",
    lastName: "Brandt",
    userType: "internal",
    role: "regular",
    employeeNumber: "E-1012",
    serialNumber: "SN-1012",
    securityRole: "OEM_NETWORK_MANAGER",
    // Held at the maker's organizations of brands 1 and 2 (seed-administration.ts), no dealer location.
    locations: [],
    description: "OEM network manager, North America, brands 1 and 2: the network dashboard",
  },
  {
    email: "inactive@example.com",
    firstName: "Sam",
    lastName: "Novak",
    userType: "external",
    role: "regular",
    employeeNumber: "E-1011",
    serialNumber: "SN-1011",
    securityRole: "DEALER_STAFF",
    locations: ["vantor-na"],
    deactivatedDaysAgo: 12,
    description: "deactivated for inactivity 12 days ago: the sign-in page says why and offers Ask for reactivation",
  },
];

/** Reference data every installation has: brands and regions. Idempotent. */
export async function seedReferenceData(database: Database): Promise<void> {
  await database
    .insert(brands)
    .values([...BRANDS])
    .onConflictDoNothing();
  await database
    .insert(regions)
    .values([...REGIONS])
    .onConflictDoNothing();
  await seedSelfServiceReference(database);
}

/** Demo applications; runs only on a database without applications. */
export async function seedApplications(database: Database): Promise<boolean> {
  const [{ count }] = await database.select({ count: sql<number>`count(*)::int` }).from(applications);
  if (count > 0) return false;
  await database.insert(applications).values(
    SEED_APPLICATIONS.map((app, index) => ({
      name: app.name,
      displayName: app.displayName,
      description: app.description,
      link: app.link,
      brandId: app.brandId,
      regionCode: app.regionCode,
      categories: app.categories,
      contractCodes: app.contractCodes ?? [],
      contractTypes: app.contractTypes ?? [],
      organizationTypes: app.organizationTypes ?? [],
      primaryTasks: app.primaryTasks ?? [],
      typicalUsers: app.typicalUsers ?? [],
      webRoles: app.webRoles ?? [],
      customRules: app.customRules ?? null,
      requiresAssignment: app.requiresAssignment ?? false,
      translations: (APPLICATION_TRANSLATIONS as Record<string, LocalizedTexts>)[app.key] ?? {},
      sortOrder: (index + 1) * 10,
    })),
  );
  return true;
}

/** Demo announcements and who has read which; runs only on a database without announcements. */
export async function seedAnnouncements(database: Database, now = new Date()): Promise<boolean> {
  const [{ count }] = await database.select({ count: sql<number>`count(*)::int` }).from(announcements);
  if (count > 0) return false;
  const day = 86_400_000;
  const rows = await database
    .insert(announcements)
    .values(
      SEED_ANNOUNCEMENTS.map((a) => ({
        title: a.title,
        description: a.description ?? "",
        content: sanitizeAnnouncementHtml(a.content),
        language: a.language,
        priority: a.priority,
        linkUrl: a.linkUrl,
        startDate: new Date(now.getTime() + a.startInDays * day),
        expirationDate: new Date(now.getTime() + a.expireInDays * day),
        brandIds: a.brandIds,
        regionCodes: a.regionCodes,
        roles: a.roles ?? [],
        requiresAcknowledgement: a.requiresAcknowledgement ?? false,
      })),
    )
    .returning({ id: announcements.id, title: announcements.title });
  const idOf = new Map(rows.map((r) => [r.title, r.id]));
  for (const [email, titles] of Object.entries(SEED_READS)) {
    const [identity] = await database
      .select({ id: identities.id })
      .from(identities)
      .where(sql`lower(${identities.email}) = ${email}`);
    if (!identity) continue;
    const values = titles.flatMap((title) =>
      idOf.has(title) ? [{ identityId: identity.id, announcementId: idOf.get(title)! }] : [],
    );
    if (values.length > 0) await database.insert(announcementReads).values(values);
  }
  return true;
}

/** Demo organizations, roles, accounts, applications and announcements; each part only where its tables are empty. */
export async function seedDemo(database: Database): Promise<boolean> {
  await seedReferenceData(database);
  await seedApplications(database);
  await seedDocuments(database);
  const [{ count }] = await database.select({ count: sql<number>`count(*)::int` }).from(identities);
  if (count > 0) {
    await seedAnnouncements(database);
    await seedDemoContactData(database);
    await seedPermissionSets(database);
    await seedHistory(database);
    await seedDirectory(database);
    await seedAdministrationLevels(database);
    await seedSecurityReviews(database);
    await seedDemoNetwork(database);
    await seedOrganizationIds(database);
    return false;
  }
  const passwordHash = await hash(DEMO_PASSWORD);
  await database.transaction(async (tx) => {
    const locationIds = new Map<DealerKey, number>();
    // A dealer with several locations is one organization above them.
    const parentIds = new Map<string, number>();
    for (const dealer of DEALERS) {
      const parent = parentIds.has(dealer.name)
        ? { id: parentIds.get(dealer.name)! }
        : (
            await tx
              .insert(organizations)
              .values({
                name: dealer.name,
                type: "dealer",
                brandId: dealer.brandId,
                regionCode: dealer.region,
                organizationType: dealer.organizationType,
              })
              .returning({ id: organizations.id })
          )[0];
      parentIds.set(dealer.name, parent.id);
      const [location] = await tx
        .insert(organizations)
        .values({
          name: dealer.location,
          type: "location",
          brandId: dealer.brandId,
          regionCode: dealer.region,
          parentId: parent.id,
          organizationType: dealer.organizationType,
          contractTypes: [...dealer.contractTypes],
          contractCodes: [...dealer.contractCodes],
          timeZone: LOCATION_TIME_ZONES[dealer.key] ?? null,
        })
        .returning({ id: organizations.id });
      locationIds.set(dealer.key, location.id);
    }
    const roleIds = await seedRoles(tx);
    for (const account of DEMO_ACCOUNTS) {
      const [identity] = await tx
        .insert(identities)
        .values({
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          userType: account.userType,
          role: account.role,
          employeeNumber: account.employeeNumber,
          serialNumber: account.serialNumber,
          passwordHash,
          webRoles: [...(account.webRoles ?? [])],
          requiredActions: [...(account.requiredActions ?? [])],
          emailVerifiedAt: new Date(),
          ...deactivatedFields(account.deactivatedDaysAgo),
        })
        .returning({ id: identities.id });
      if (account.locations.length > 0)
        await tx.insert(roleAssignments).values(
          account.locations.map((key, index) => ({
            identityId: identity.id,
            securityRoleId: roleIds.get(account.securityRole)!,
            organizationId: locationIds.get(key)!,
            isPreferred: index === 0,
          })),
        );
    }
  });
  await seedAnnouncements(database);
  await seedDemoContactData(database);
  await seedPermissionSets(database);
  await seedHistory(database);
  await seedDirectory(database);
  await seedAdministrationLevels(database);
  await seedSecurityReviews(database);
  await seedDemoNetwork(database);
  await seedOrganizationIds(database);
  // The network dashboard opens with figures (issue #40): taken as the job would have three weeks
  // ago and now, so the demo's unfilled directory roles have stood unfilled for three weeks (the
  // job's first run escalates them to the maker's network managers, issue #40 §2).
  await refreshNetworkFigures(database, new Date(Date.now() - 21 * DAY_MS));
  await refreshNetworkFigures(database);
  return true;
}

/** A demo account the daily job deactivated for inactivity some days ago (after 180 days without a sign-in). */
function deactivatedFields(daysAgo: number | undefined) {
  if (daysAgo === undefined) return {};
  const deactivatedAt = new Date(Date.now() - daysAgo * DAY_MS);
  return {
    status: "inactive" as const,
    deactivationReason: "inactivity",
    deactivatedAt,
    lastLoginAt: new Date(deactivatedAt.getTime() - (AUTO_DEACTIVATION_DAYS + 1) * DAY_MS),
  };
}

/** The demo organizations' ids in the maker's systems (ORG-00001 …), so an import can name them as parents. */
async function seedOrganizationIds(database: Database): Promise<void> {
  await database
    .update(organizations)
    .set({ externalId: sql`'ORG-' || lpad(${organizations.id}::text, 5, '0')` })
    .where(isNull(organizations.externalId));
}
