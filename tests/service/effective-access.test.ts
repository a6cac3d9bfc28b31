import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import {
  applications,
  identities,
  organizations,
  roleAssignments,
  securityRoleChildren,
  securityRoles,
  userApplications,
} from "~/db/schema";
import { applicationCatalogue, applicationsForSubject, targetingSubjectOf } from "~/applications/applications.server";
import { actorFrom, loadAccessProfile } from "~/permissions/access-profile.server";
import { heldFeatures } from "~/security-roles/feature-grants";
import { F, GRANTABLE_FEATURES } from "~/permissions/features";
import { routeAccessFor } from "~/permissions/route-rules";
import { satisfiesRule } from "~/security/feature-rule";
import { effectiveAccessOf } from "~/users/effective-access.server";
import { previewSubject } from "~/users/preview.server";
import { auditLog } from "~/db/schema";
import { and } from "drizzle-orm";
import { actorOf } from "./actor-of";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";

const ROLES = 5;

describe.each(BACKENDS)("issue #39 §1 effective access on $name", (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await seededDatabase(backend);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("the demo dealer's Documents comes from their role at their location; their launcher's applications with reasons", async () => {
    const dana = await identityIdOf(handle.db, "dealer@example.com");
    const access = (await effectiveAccessOf(handle.db, dana, "en"))!;
    expect(access.active).toBe(true);
    const documents = access.features.find((grant) => grant.feature === F.documentsView);
    expect(documents?.sources[0]).toMatchObject({ kind: "role", organizationKind: expect.any(String) });
    expect((documents?.sources[0] as { chain?: string[] } | undefined)?.chain?.length).toBeGreaterThan(0);
    expect(access.features.find((grant) => grant.feature === F.serialNumberPresent)?.sources).toEqual([
      { kind: "employeeNumber" },
    ]);
    const profile = (await loadAccessProfile(handle.db, dana))!;
    const launcher = applicationsForSubject(
      await applicationCatalogue(handle.db),
      targetingSubjectOf(actorFrom(dana, profile)),
      "en",
    );
    expect(access.applications.filter((app) => app.visible).map((app) => String(app.id))).toEqual(
      launcher.map((item) => item.id),
    );
    expect(launcher.length).toBeGreaterThan(0);
  });

  it("for any role graph, places and targeting: the features, screens and applications explained are the guards' and the launcher's", async () => {
    const db = handle.db;
    const subject = await identityIdOf(db, "halden@example.com");
    const orgs = await db
      .select({ id: organizations.id, type: organizations.type })
      .from(organizations)
      .orderBy(organizations.id);
    const places = [orgs.find((o) => o.type === "internal")!, ...orgs.filter((o) => o.type !== "internal").slice(0, 2)];
    const roleIds: number[] = [];
    for (let i = 0; i < ROLES; i++) {
      const [row] = await db
        .insert(securityRoles)
        .values({ name: `EA_RANDOM_${backend.name}_${i}`, displayName: `Random ${i}` })
        .returning({ id: securityRoles.id });
      roleIds.push(row.id);
    }
    const catalogue = await applicationCatalogue(db);
    const targeted = catalogue.slice(0, 3).map((app) => app.id);
    const values = fc.uniqueArray(fc.constantFrom("DEALER", "RENTAL", "SERVICE", "DEALER_ADMIN"), { maxLength: 2 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            features: fc.uniqueArray(fc.constantFrom(...GRANTABLE_FEATURES), { maxLength: 4 }),
            children: fc.uniqueArray(fc.integer({ min: 0, max: ROLES - 1 }), { maxLength: 2 }),
          }),
          { minLength: ROLES, maxLength: ROLES },
        ),
        fc.uniqueArray(
          fc.record({ role: fc.integer({ min: 0, max: ROLES - 1 }), place: fc.integer({ min: 0, max: 2 }) }),
          { maxLength: 3, selector: (p) => `${p.role}:${p.place}` },
        ),
        fc.array(
          fc.record({
            webRoles: values,
            organizationTypes: values,
            contractTypes: values,
            requiresAssignment: fc.boolean(),
            customRules: fc.option(
              fc.constantFrom(
                { attr: "userType", eq: "external" },
                { not: { attr: "features", includes: F.usersRead } },
                {
                  any: [
                    { attr: "regions", in: ["EMEA"] },
                    { attr: "webRoles", includes: "DEALER_ADMIN" },
                  ],
                },
              ),
              { nil: null },
            ),
          }),
          { minLength: 3, maxLength: 3 },
        ),
        values,
        fc.boolean(),
        async (nodes, held, targeting, webRoles, assigned) => {
          await db.delete(securityRoleChildren).where(inArray(securityRoleChildren.parentId, roleIds));
          for (const [index, node] of nodes.entries()) {
            await db.update(securityRoles).set({ features: node.features }).where(eq(securityRoles.id, roleIds[index]));
            if (node.children.length > 0)
              await db
                .insert(securityRoleChildren)
                .values(node.children.map((child) => ({ parentId: roleIds[index], childId: roleIds[child] })));
          }
          await db.delete(roleAssignments).where(eq(roleAssignments.identityId, subject));
          if (held.length > 0)
            await db.insert(roleAssignments).values(
              held.map((place, index) => ({
                identityId: subject,
                securityRoleId: roleIds[place.role],
                organizationId: places[place.place].id,
                isPreferred: index === 0,
              })),
            );
          await db.update(identities).set({ webRoles }).where(eq(identities.id, subject));
          await db.delete(userApplications).where(eq(userApplications.identityId, subject));
          if (assigned) await db.insert(userApplications).values({ identityId: subject, applicationId: targeted[0] });
          for (const [index, target] of targeting.entries())
            await db.update(applications).set(target).where(eq(applications.id, targeted[index]));

          const access = (await effectiveAccessOf(db, subject, "en"))!;
          const profile = (await loadAccessProfile(db, subject))!;
          // Features: the grants explain exactly what the access profile's statement holds.
          expect(heldFeatures(access.features).sort()).toEqual([...profile.access.features].sort());
          // Screens: the verdict is the guard's for the screen's address.
          for (const screen of access.screens) {
            const guard = satisfiesRule(profile.access.features, routeAccessFor(screen.to)!.access.rule);
            expect(screen.shortfalls.length === 0, screen.to).toBe(guard);
          }
          // Applications: shown in the explanation exactly when the launcher shows them.
          const launcher = applicationsForSubject(
            await applicationCatalogue(db),
            targetingSubjectOf(actorFrom(subject, profile)),
            "en",
          ).map((item) => Number(item.id));
          expect(access.applications.filter((app) => app.visible).map((app) => app.id)).toEqual(launcher);
        },
      ),
      { numRuns: 15 },
    );
  });

  it("an inactive user is explained as if active, and marked inactive", async () => {
    const auditor = await identityIdOf(handle.db, "auditor@example.com");
    await handle.db.update(identities).set({ status: "inactive" }).where(eq(identities.id, auditor));
    const access = (await effectiveAccessOf(handle.db, auditor, "en"))!;
    expect(access.active).toBe(false);
    expect(access.features.length).toBeGreaterThan(0);
    expect(await effectiveAccessOf(handle.db, 987654, "en")).toBeNull();
  });

  it("issue #39 §2 a preview is of a user the administrator manages, as the guards see them, and is audited as previewed", async () => {
    const db = handle.db;
    const dana = await identityIdOf(db, "dealer@example.com");
    const admin = await actorOf(db, "admin@example.com");
    const subject = (await previewSubject(db, admin, dana))!;
    expect(subject).toMatchObject({ name: "Dana Reyes", firstName: "Dana", active: true });
    expect(subject.actor.access.features).toEqual((await loadAccessProfile(db, dana))!.access.features);
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, dana), eq(auditLog.operation, "previewed")));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ entity: "identity", changedBy: admin.identityId, field: null });
    // Another dealer's administrator does not manage Dana: no preview, nothing audited.
    const principal = await actorOf(db, "principal@example.com");
    expect(await previewSubject(db, principal, dana)).toBeNull();
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, dana), eq(auditLog.operation, "previewed"))),
    ).toHaveLength(1);
  });
});
