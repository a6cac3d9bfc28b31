import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { insertDemoStaff } from "./seed-security-reviews";
import {
  directoryAssignments,
  directoryConfigurations,
  directoryItems,
  identities,
  organizations,
  securityRoles,
} from "~/db/schema";

/** The first brand's directories: primary contacts per business area, and singular permissions. */
const DIRECTORIES = [
  {
    context: "DEALER_LOCATION",
    name: "Dealer location contacts",
    items: [
      {
        name: "SALES_CONTACT",
        displayName: "Sales",
        required: true,
        description: "<p>Answers questions about machine orders and quotes.</p>",
      },
      {
        name: "SERVICE_CONTACT",
        displayName: "Service",
        required: true,
        description: "<p>Receives <strong>service bulletins</strong> and recalls.</p>",
      },
      {
        name: "PARTS_CONTACT",
        displayName: "Parts",
        required: true,
        description: "<p>Receives parts price lists and back-order notices.</p>",
      },
      {
        name: "WARRANTY_CONTACT",
        displayName: "Warranty",
        required: false,
        description: "<p>Follows up warranty claims with the factory.</p>",
      },
    ],
  },
  {
    context: "SINGULAR_ROLES",
    name: "Singular permissions",
    items: [
      {
        name: "WARRANTY_SIGNATORY",
        displayName: "Warranty claim signatory",
        required: true,
        description: "<p>The one person who signs warranty claims for the location.</p>",
      },
      {
        name: "CREDIT_APPROVER",
        displayName: "Credit approver",
        required: false,
        description: "<p>Approves orders above the location's credit line.</p>",
      },
    ],
  },
] as const;

/**
 * The demo directory administrators' dealerships (SPEC §4 directoryReview, singularRolesReview):
 * Great Plains has three locations, two missing a contact; Red River has no warranty signatory.
 */
export const DIRECTORY_DEMO_DEALERS = [
  ...["Omaha", "Lincoln", "Wichita"].map((city, index) => ({
    key: `plains-${city.toLowerCase()}` as "plains-omaha" | "plains-lincoln" | "plains-wichita",
    name: "Great Plains Equipment",
    location: `Great Plains Equipment – ${city}`,
    brandId: 1,
    region: "NA",
    organizationType: "DEALER",
    contractTypes: ["FULL_LINE"],
    contractCodes: [`C-12${index}`],
  })),
  {
    key: "redriver-tulsa" as const,
    name: "Red River Equipment",
    location: "Red River Equipment – Tulsa",
    brandId: 1,
    region: "NA",
    organizationType: "DEALER",
    contractTypes: ["COMPACT"],
    contractCodes: ["C-130"],
  },
];

/** Staff of the directory demo's locations: people to find and assign. */
export const DIRECTORY_DEMO_STAFF = [
  {
    email: "nina.petrov@example.com",
    firstName: "Nina",
    lastName: "Petrov",
    location: "Great Plains Equipment – Omaha",
  },
  { email: "raj.patel@example.com", firstName: "Raj", lastName: "Patel", location: "Great Plains Equipment – Lincoln" },
  {
    email: "ella.fischer@example.com",
    firstName: "Ella",
    lastName: "Fischer",
    location: "Great Plains Equipment – Wichita",
  },
  { email: "tom.baker@example.com", firstName: "Tom", lastName: "Baker", location: "Red River Equipment – Tulsa" },
] as const;

/**
 * Who holds which role where. Every brand-1 location an existing demo administrator holds is
 * filled, so those accounts are asked no directory review; Lincoln lacks Parts, Wichita every
 * contact, Tulsa its warranty signatory.
 */
export const DEMO_HOLDERS: Record<string, Record<string, string>> = {
  "Prairie Equipment – Columbus": {
    SALES_CONTACT: "dealer@example.com",
    SERVICE_CONTACT: "admin@example.com",
    PARTS_CONTACT: "auditor@example.com",
    WARRANTY_SIGNATORY: "admin@example.com",
  },
  "Summit Machinery – Denver": {
    SALES_CONTACT: "principal@example.com",
    SERVICE_CONTACT: "principal@example.com",
    PARTS_CONTACT: "principal@example.com",
    WARRANTY_SIGNATORY: "principal@example.com",
  },
  "Great Plains Equipment – Omaha": {
    SALES_CONTACT: "nina.petrov@example.com",
    SERVICE_CONTACT: "directory@example.com",
    PARTS_CONTACT: "nina.petrov@example.com",
    WARRANTY_SIGNATORY: "directory@example.com",
  },
  "Great Plains Equipment – Lincoln": {
    SALES_CONTACT: "raj.patel@example.com",
    SERVICE_CONTACT: "raj.patel@example.com",
    WARRANTY_SIGNATORY: "raj.patel@example.com",
  },
  "Great Plains Equipment – Wichita": { WARRANTY_SIGNATORY: "ella.fischer@example.com" },
  "Red River Equipment – Tulsa": {
    SALES_CONTACT: "tom.baker@example.com",
    SERVICE_CONTACT: "tom.baker@example.com",
    PARTS_CONTACT: "singular@example.com",
  },
};

/** The demo's directory configurations, the directory demo's staff and the holders. Idempotent: only on a database without any. */
export async function seedDirectory(database: Database, now = new Date()): Promise<void> {
  const [{ count }] = await database.select({ count: sql<number>`count(*)::int` }).from(directoryConfigurations);
  if (count > 0) return;
  await seedDirectoryStaff(database, now);
  const locations = await database
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(inArray(organizations.name, Object.keys(DEMO_HOLDERS)), eq(organizations.type, "location")));
  const emails = [...new Set(Object.values(DEMO_HOLDERS).flatMap((holders) => Object.values(holders)))];
  const people = await database
    .select({ id: identities.id, email: identities.email })
    .from(identities)
    .where(inArray(identities.email, emails));
  for (const directory of DIRECTORIES) {
    const [configuration] = await database
      .insert(directoryConfigurations)
      .values({ context: directory.context, brandId: 1, name: directory.name })
      .returning({ id: directoryConfigurations.id });
    const items = await database
      .insert(directoryItems)
      .values(
        directory.items.map((item, index) => ({ ...item, configurationId: configuration.id, sortOrder: index + 1 })),
      )
      .returning({ id: directoryItems.id, name: directoryItems.name });
    const holders = locations.flatMap((location) =>
      items.flatMap((item) => {
        const person = people.find((p) => p.email === DEMO_HOLDERS[location.name][item.name]);
        return person ? [{ itemId: item.id, organizationId: location.id, identityId: person.id }] : [];
      }),
    );
    if (holders.length > 0) await database.insert(directoryAssignments).values(holders);
  }
}

async function seedDirectoryStaff(database: Database, now: Date): Promise<void> {
  const [role] = await database
    .select({ id: securityRoles.id })
    .from(securityRoles)
    .where(eq(securityRoles.name, "DEALER_STAFF"));
  const locations = await database
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(
      and(
        inArray(
          organizations.name,
          DIRECTORY_DEMO_STAFF.map((staff) => staff.location),
        ),
        eq(organizations.type, "location"),
      ),
    );
  if (!role) return;
  for (const [index, staff] of DIRECTORY_DEMO_STAFF.entries()) {
    const location = locations.find((l) => l.name === staff.location);
    if (!location) continue;
    await insertDemoStaff(database, {
      person: { email: staff.email, firstName: staff.firstName, lastName: staff.lastName },
      serialNumber: `SN-12${index}`,
      lastLoginAt: new Date(now.getTime() - 2 * 86_400_000),
      roleId: role.id,
      locationId: location.id,
      now,
    });
  }
}
