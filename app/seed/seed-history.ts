import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog, identities, integrationErrors, organizations, roleAssignments } from "~/db/schema";
import { DAY_MS } from "~/limits";

const TARGETS = [
  { id: "dms", type: "DMS", failure: "HTTP 503 from dms" },
  { id: "crm", type: "CRM", failure: "HTTP 401 from crm" },
  { id: "dms", type: "DMS", failure: "The operation was aborted due to timeout" },
] as const;

/** The demo's history: failed pushes for the integration error report, and the organizations' audit. */
export async function seedHistory(database: Database, now = new Date()): Promise<void> {
  await seedIntegrationErrors(database, now);
  await seedOrganizationAudit(database, now);
}

/**
 * The organizations' audit history (issue #15 §4), so the organization audit log shows what one
 * looks like: each demo dealer and location created by the system when the portal was set up, and
 * each location's name corrected later by the system's directory sync. Written once.
 */
async function seedOrganizationAudit(database: Database, now: Date): Promise<void> {
  const [{ count }] = await database
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.entity, "organization"));
  if (count > 0) return;
  const all = await database.select().from(organizations).orderBy(asc(organizations.id));
  const setUp = new Date(now.getTime() - 120 * DAY_MS);
  const rows = all.flatMap((organization, index) => [
    {
      entity: "organization",
      entityId: organization.id,
      operation: "create",
      field: null,
      oldValue: null,
      newValue: null,
      changedOn: setUp,
      changedBy: null,
    },
    ...(organization.type === "location"
      ? [
          {
            entity: "organization",
            entityId: organization.id,
            operation: "update",
            field: "name",
            oldValue: organization.name.toUpperCase(),
            newValue: organization.name,
            changedOn: new Date(setUp.getTime() + (index + 1) * 3 * DAY_MS),
            changedBy: null,
          },
        ]
      : []),
  ]);
  if (rows.length > 0) await database.insert(auditLog).values(rows);
}

/**
 * A history of failed pushes for the integration error report (issue #15 §3), so the demo's report
 * is not empty: errors of the demo users and locations over the last 90 days, spread over the two
 * demo targets. Written once, on an empty table.
 */
async function seedIntegrationErrors(database: Database, now: Date): Promise<void> {
  const [{ count }] = await database.select({ count: sql<number>`count(*)::int` }).from(integrationErrors);
  if (count > 0) return;
  const users = await database
    .selectDistinctOn([identities.id], {
      id: identities.id,
      serialNumber: identities.serialNumber,
      organizationId: roleAssignments.organizationId,
      updatedAt: identities.updatedAt,
    })
    .from(identities)
    .innerJoin(roleAssignments, eq(roleAssignments.identityId, identities.id))
    .orderBy(asc(identities.id), asc(roleAssignments.organizationId));
  const locations = await database
    .select({ id: organizations.id, updatedAt: organizations.updatedAt })
    .from(organizations)
    .where(eq(organizations.type, "location"))
    .orderBy(asc(organizations.id));
  const subjects = [
    ...users.map((user) => ({ kind: "identity" as const, ...user })),
    ...locations.map((location) => ({
      kind: "organization" as const,
      id: location.id,
      serialNumber: null,
      organizationId: location.id,
      updatedAt: location.updatedAt,
    })),
  ];
  const rows = subjects.flatMap((subject, index) =>
    [0, 1].map((round) => {
      const target = TARGETS[(index + round) % TARGETS.length];
      const errorDate = new Date(now.getTime() - ((index * 11 + round * 37) % 88) * DAY_MS - (index % 24) * 3_600_000);
      return {
        subjectKind: subject.kind,
        subjectId: subject.id,
        organizationId: subject.organizationId,
        serialNumber: subject.serialNumber,
        integrationType: subject.kind === "identity" ? "IDENTITY" : "ORGANIZATION",
        targetType: target.type,
        targetId: target.id,
        functionName: `portal-push-${subject.kind}`,
        logGroup: "dealer-portal/integrations",
        logStream: `${errorDate.toISOString().slice(0, 10).replaceAll("-", "/")}/${target.id}`,
        message: target.failure,
        errorDate,
        lastModified: new Date(Math.min(subject.updatedAt.getTime(), errorDate.getTime())),
      };
    }),
  );
  if (rows.length > 0) await database.insert(integrationErrors).values(rows);
}
