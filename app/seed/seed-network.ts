import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  directoryAssignments,
  directoryConfigurations,
  directoryItems,
  identities,
  integrationErrors,
  organizations,
  roleAssignments,
  securityReviews,
  securityRoles,
} from "~/db/schema";
import { DAY_MS } from "~/limits";

/*
 * Issue #40 §4: a dealer network worth a dashboard — two dealers in each of the five brands and
 * three regions, each with one to three locations and their staff, with the gaps a real network
 * has: required contacts nobody holds, security reviews long overdue or never made, accounts never
 * used or dormant, and integration errors this week. Its staff hold the dealer staff role only
 * (nobody there administers it, so no job writes to them) and none of the demo accounts works
 * there: the demo accounts' screens stay as the other demo data leaves them.
 */

const REGION_CITIES: Record<string, readonly string[]> = {
  NA: ["Boise", "Fargo", "Tucson", "Raleigh", "Spokane", "Amarillo", "Billings", "Duluth", "Macon", "Reno"],
  EMEA: ["Lyon", "Graz", "Utrecht", "Porto", "Aarhus", "Bologna", "Gdańsk", "Leeds", "Brno", "Tampere"],
  APAC: ["Perth", "Osaka", "Auckland", "Cebu", "Busan", "Darwin", "Sapporo", "Hobart", "Penang", "Taichung"],
};
const DEALER_NAMES = [
  "Keystone Machinery",
  "Harbor Equipment",
  "Ridgeway Tractors",
  "Northgate Power",
  "Bluewater Equipment",
  "Ironwood Machinery",
  "Cedar Valley Equipment",
  "Granite Works",
  "Riverside Machinery",
  "Highland Power",
  "Meridian Equipment",
  "Copperfield Machinery",
  "Westbrook Tractors",
  "Silverline Equipment",
  "Oakmont Power",
  "Pinecrest Machinery",
  "Lakeshore Tractors",
  "Redstone Equipment",
  "Fairview Power",
  "Stonebridge Machinery",
  "Eastfield Equipment",
  "Clearwater Tractors",
  "Maplewood Power",
  "Brookside Machinery",
  "Summerset Equipment",
  "Foxhill Tractors",
  "Windmill Power",
  "Coastline Machinery",
  "Heathrow Equipment",
  "Orchard Tractors",
];
const FIRST_NAMES = ["Liam", "Maya", "Noah", "Priya", "Hiro", "Zara", "Leon", "Ava", "Mateo", "Yuki", "Finn", "Lena"];
const LAST_NAMES = [
  "Hartley",
  "Moreau",
  "Castell",
  "Okafor",
  "Varga",
  "Tanaka",
  "Lindgren",
  "Russo",
  "Kowal",
  "Nakamura",
];

/** A fixed sequence of numbers in [0, 1): the same network on every seed. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Days since a staff member last signed in (null: never): mostly lately, some never, some dormant (none due for deactivation). */
function lastSignInDaysAgo(roll: number): number | null {
  return roll < 0.6 ? 1 + roll * 50 : roll < 0.75 ? null : 95 + (roll - 0.75) * 260;
}

interface PlannedLocation {
  name: string;
  staff: {
    email: string;
    firstName: string;
    lastName: string;
    serialNumber: string;
    lastLoginDaysAgo: number | null;
  }[];
  /** Per required directory role of the brand, in order: whether someone holds it (three in four). */
  holds: boolean[];
  /** Days since its security review was confirmed; null: never reviewed. */
  reviewDaysAgo: number | null;
  /** Whether pushes about its first staff failed this week. */
  errors: boolean;
}

export interface PlannedDealer {
  name: string;
  brandId: number;
  region: string;
  locations: PlannedLocation[];
}

/** The demo network, the same on every seed: two dealers per brand and region. */
export function demoNetworkPlan(): PlannedDealer[] {
  const random = sequence(40);
  const dealers: PlannedDealer[] = [];
  let person = 0;
  for (const brandId of [1, 2, 3, 4, 5]) {
    for (const region of ["NA", "EMEA", "APAC"]) {
      for (let d = 0; d < 2; d++) {
        const index = dealers.length;
        const name = DEALER_NAMES[index];
        const locations = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, l): PlannedLocation => {
          const staff = Array.from({ length: 3 + Math.floor(random() * 4) }, () => {
            const firstName = FIRST_NAMES[person % FIRST_NAMES.length];
            const lastName = LAST_NAMES[Math.floor(person / FIRST_NAMES.length) % LAST_NAMES.length];
            const member = {
              email: `${firstName}.${lastName}.${person}@${DEMO_NETWORK_DOMAIN}`.toLowerCase(),
              firstName,
              lastName,
              serialNumber: `SN-NET-${person}`,
              lastLoginDaysAgo: lastSignInDaysAgo(random()),
            };
            person += 1;
            return member;
          });
          return {
            name: `${name} – ${REGION_CITIES[region][(index * 3 + l) % REGION_CITIES[region].length]}`,
            staff,
            holds: [random(), random(), random(), random()].map((roll) => roll < 0.75),
            reviewDaysAgo: random() < 0.67 ? 5 + random() * 200 : null,
            errors: random() < 0.2,
          };
        });
        dealers.push({ name, brandId, region, locations });
      }
    }
  }
  return dealers;
}

/** The demo network's staff sign in nowhere: their addresses are at this domain. */
export const DEMO_NETWORK_DOMAIN = "dealers.example.net";

export async function seedDemoNetwork(database: Database, now = new Date()): Promise<void> {
  const plan = demoNetworkPlan();
  const [seeded] = await database
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, plan[0].name));
  if (seeded) return;
  const [staffRole] = await database
    .select({ id: securityRoles.id })
    .from(securityRoles)
    .where(eq(securityRoles.name, "DEALER_STAFF"));
  if (!staffRole) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await database.transaction(async (tx) => {
    for (const planned of plan) {
      const [dealer] = await tx
        .insert(organizations)
        .values({ name: planned.name, type: "dealer", brandId: planned.brandId, regionCode: planned.region })
        .returning({ id: organizations.id });
      for (const [l, place] of planned.locations.entries()) {
        const [location] = await tx
          .insert(organizations)
          .values({
            name: place.name,
            type: "location",
            brandId: planned.brandId,
            regionCode: planned.region,
            parentId: dealer.id,
            contractTypes: ["FULL_LINE"],
            contractCodes: [`N-${dealer.id}-${l + 1}`],
          })
          .returning({ id: organizations.id });
        const people = await tx
          .insert(identities)
          .values(
            place.staff.map(({ lastLoginDaysAgo, ...member }) => ({
              ...member,
              userType: "external" as const,
              emailVerifiedAt: now,
              lastLoginAt: lastLoginDaysAgo === null ? null : ago(lastLoginDaysAgo),
            })),
          )
          .returning({ id: identities.id, serialNumber: identities.serialNumber });
        await tx.insert(roleAssignments).values(
          people.map((person) => ({
            identityId: person.id,
            securityRoleId: staffRole.id,
            organizationId: location.id,
            isPreferred: true,
          })),
        );
        await seedLocationGaps(tx, { brandId: planned.brandId, locationId: location.id, people, place, ago });
      }
    }
  });
}

/**
 * A location's directory (where its brand has one: the planned roles held), its security review
 * (confirmed by its first staff member, or never) and this week's integration errors.
 */
async function seedLocationGaps(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  at: {
    brandId: number;
    locationId: number;
    people: { id: number; serialNumber: string }[];
    place: PlannedLocation;
    ago: (days: number) => Date;
  },
): Promise<void> {
  const { locationId, people, place, ago } = at;
  const required = await tx
    .select({ id: directoryItems.id })
    .from(directoryItems)
    .innerJoin(directoryConfigurations, eq(directoryConfigurations.id, directoryItems.configurationId))
    .where(
      and(
        eq(directoryConfigurations.brandId, at.brandId),
        eq(directoryConfigurations.context, "DEALER_LOCATION"),
        eq(directoryItems.required, true),
      ),
    )
    .orderBy(directoryItems.id);
  const held = required.filter((_, index) => place.holds[index % place.holds.length]);
  if (held.length > 0)
    await tx.insert(directoryAssignments).values(
      held.map((item, index) => ({
        itemId: item.id,
        organizationId: locationId,
        identityId: people[index % people.length].id,
      })),
    );
  if (place.reviewDaysAgo !== null) {
    const confirmed = ago(place.reviewDaysAgo);
    await tx.insert(securityReviews).values({
      reviewerId: people[0].id,
      organizationIds: [locationId],
      listedIdentityIds: people.map((person) => person.id),
      startedAt: confirmed,
      confirmedAt: confirmed,
    });
  }
  if (place.errors)
    await tx.insert(integrationErrors).values(
      people.slice(0, 2).map((subject, index) => {
        const errorDate = ago(1 + index * 2);
        return {
          subjectKind: "identity" as const,
          subjectId: subject.id,
          organizationId: locationId,
          serialNumber: subject.serialNumber,
          integrationType: "IDENTITY",
          targetType: "DMS",
          targetId: "dms",
          functionName: "portal-push-identity",
          logGroup: "dealer-portal/integrations",
          logStream: `${errorDate.toISOString().slice(0, 10).replaceAll("-", "/")}/dms`,
          message: "HTTP 503 from dms",
          errorDate,
          lastModified: errorDate,
        };
      }),
    );
}

/** How many staff the demo network has (the tests count the demo's people). */
export function demoNetworkStaffCount(): number {
  return demoNetworkPlan().reduce(
    (sum, dealer) => sum + dealer.locations.reduce((count, place) => count + place.staff.length, 0),
    0,
  );
}
