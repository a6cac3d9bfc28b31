import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { directoryAssignments, directoryConfigurations, directoryItems, identities, organizations } from "~/db/schema";

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

/** Who holds the required roles at the demo admin's Columbus location, so the demo asks no directory review of the admin. */
const COLUMBUS_HOLDERS: Record<string, string> = {
  SALES_CONTACT: "dealer@example.com",
  SERVICE_CONTACT: "admin@example.com",
  PARTS_CONTACT: "auditor@example.com",
  WARRANTY_SIGNATORY: "admin@example.com",
};

/** The demo's directory configurations and their holders at Columbus. Idempotent: only on a database without any. */
export async function seedDirectory(database: Database): Promise<void> {
  const [{ count }] = await database.select({ count: sql<number>`count(*)::int` }).from(directoryConfigurations);
  if (count > 0) return;
  const [columbus] = await database
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.name, "Prairie Equipment – Columbus"), eq(organizations.type, "location")));
  const people = await database
    .select({ id: identities.id, email: identities.email })
    .from(identities)
    .where(inArray(identities.email, Object.values(COLUMBUS_HOLDERS)));
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
    if (!columbus) continue;
    const holders = items.flatMap((item) => {
      const person = people.find((p) => p.email === COLUMBUS_HOLDERS[item.name]);
      return person ? [{ itemId: item.id, organizationId: columbus.id, identityId: person.id }] : [];
    });
    if (holders.length > 0) await database.insert(directoryAssignments).values(holders);
  }
}
