import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { identities, roleAssignments, securityRoleAssigners, securityRoleChildren, securityRoles } from "~/db/schema";
import { loadAccessProfile } from "~/permissions/access-profile.server";
import { F, GRANTABLE_FEATURES } from "~/permissions/features";
import { editUser } from "~/users/save-user.server";
import { editorChoices } from "~/users/editor-choices.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOfId } from "./actor-of";

const ROLES = 5;

/**
 * Issue #39 §3: no escalation by delegation, as a property. Random role hierarchies, assigners
 * and held roles for a dealer's administrator; random changes of another user's roles and
 * locations through the API's save (the same `editorChoices` and checks as the editor, SCIM, the
 * bulk import and copy-user). Whatever is saved gives the user nothing the administrator does not
 * hold, only roles the administrator may assign, only at locations the administrator holds; and
 * an administrator's own roles never change at their hands.
 */
describe.each(BACKENDS)("issue #39 §3 no escalation by delegation on $name", (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await seededDatabase(backend);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("for any role graph, assigners and request, the user gains only what the administrator holds and may give", async () => {
    const db = handle.db;
    const roleIdOf = async (name: string) =>
      (await db.select({ id: securityRoles.id }).from(securityRoles).where(eq(securityRoles.name, name)))[0].id;
    const dealerAdmin = await roleIdOf("DEALER_ADMIN");
    const staff = await roleIdOf("DEALER_STAFF");
    const principal = await identityIdOf(db, "principal@example.com");
    const [own] = await db
      .select({ id: roleAssignments.organizationId })
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, principal));
    const [elsewhere] = await db
      .select({ id: roleAssignments.organizationId })
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, await identityIdOf(db, "dealer@example.com")));
    const newIdentity = async (email: string) =>
      (
        await db
          .insert(identities)
          .values({ email, firstName: "Prop", lastName: email, userType: "external", serialNumber: `SN-${email}` })
          .returning({ id: identities.id })
      )[0].id;
    const delegator = await newIdentity(`delegator-${backend.name}@example.com`);
    const target = await newIdentity(`target-${backend.name}@example.com`);
    const roleIds: number[] = [];
    for (let i = 0; i < ROLES; i++)
      roleIds.push(
        (
          await db
            .insert(securityRoles)
            .values({ name: `DELEGATION_${backend.name}_${i}`, displayName: `Delegation ${i}` })
            .returning({ id: securityRoles.id })
        )[0].id,
      );
    const pick = fc.integer({ min: 0, max: ROLES - 1 });

    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            // Mostly what a dealer's administrator holds, so that many requests are saved.
            features: fc.uniqueArray(
              fc.oneof(
                { weight: 3, arbitrary: fc.constantFrom(F.documentsView, F.usersRead, F.usersEdit, F.auditUsersRead) },
                { weight: 1, arbitrary: fc.constantFrom(...GRANTABLE_FEATURES) },
              ),
              { maxLength: 2 },
            ),
            children: fc.uniqueArray(pick, { maxLength: 2 }),
            // Assigners among the random roles, or the dealer administrator's role.
            assigners: fc.uniqueArray(
              fc.oneof({ weight: 2, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: pick }),
              {
                maxLength: 2,
              },
            ),
          }),
          { minLength: ROLES, maxLength: ROLES },
        ),
        fc.uniqueArray(pick, { maxLength: 2 }),
        fc.uniqueArray(pick, { maxLength: 3 }),
        fc.constantFrom(false, false, false, true),
        async (nodes, delegatorRoles, requested, elsewhereToo) => {
          await db.delete(securityRoleChildren).where(inArray(securityRoleChildren.parentId, roleIds));
          await db.delete(securityRoleAssigners).where(inArray(securityRoleAssigners.roleId, roleIds));
          for (const [index, node] of nodes.entries()) {
            await db.update(securityRoles).set({ features: node.features }).where(eq(securityRoles.id, roleIds[index]));
            if (node.children.length)
              await db
                .insert(securityRoleChildren)
                .values(node.children.map((child) => ({ parentId: roleIds[index], childId: roleIds[child] })));
            if (node.assigners.length)
              await db.insert(securityRoleAssigners).values(
                node.assigners.map((assigner) => ({
                  roleId: roleIds[index],
                  assignerId: assigner === -1 ? dealerAdmin : roleIds[assigner],
                })),
              );
          }
          await db.delete(roleAssignments).where(inArray(roleAssignments.identityId, [delegator, target]));
          await db.insert(roleAssignments).values([
            { identityId: delegator, securityRoleId: dealerAdmin, organizationId: own.id, isPreferred: true },
            ...delegatorRoles.map((role) => ({
              identityId: delegator,
              securityRoleId: roleIds[role],
              organizationId: own.id,
            })),
            { identityId: target, securityRoleId: staff, organizationId: own.id, isPreferred: true },
          ]);
          const admin = await actorOfId(db, delegator);
          const before = (await loadAccessProfile(db, target))!.access.features;
          const held = async (identityId: number) =>
            db
              .select({ role: roleAssignments.securityRoleId, at: roleAssignments.organizationId })
              .from(roleAssignments)
              .where(eq(roleAssignments.identityId, identityId));
          const adminRolesBefore = await held(delegator);

          const outcome = await editUser(
            db,
            admin,
            target,
            {
              roles: [staff, ...requested.map((index) => roleIds[index])],
              locations: elsewhereToo ? [own.id, elsewhere.id] : [own.id],
            },
            undefined,
          );
          const after = await held(target);
          const gained = (await loadAccessProfile(db, target))!.access.features.filter((f) => !before.includes(f));
          // Nothing the administrator does not hold.
          expect(
            gained.filter((feature) => !admin.access.features.includes(feature)),
            outcome.kind,
          ).toEqual([]);
          // Only their own location; only roles a role of theirs may assign.
          expect(after.every((row) => row.at === own.id)).toBe(true);
          const mayAssign = async (roleId: number) =>
            (
              await db
                .select()
                .from(securityRoleAssigners)
                .where(
                  and(
                    eq(securityRoleAssigners.roleId, roleId),
                    inArray(
                      securityRoleAssigners.assignerId,
                      adminRolesBefore.map((row) => row.role),
                    ),
                  ),
                )
            ).length > 0;
          for (const row of after) if (row.role !== staff) expect(await mayAssign(row.role)).toBe(true);

          // Their own roles: refused, whatever they ask for.
          const own_ = await editUser(
            db,
            admin,
            delegator,
            { roles: requested.map((index) => roleIds[index]) },
            undefined,
          );
          expect(["self", "unchanged"]).toContain(own_.kind);
          expect((await held(delegator)).map((row) => row.role).sort()).toEqual(
            adminRolesBefore.map((row) => row.role).sort(),
          );
        },
      ),
      { numRuns: 30 },
    );
  });

  it("a role that gives a feature the administrator lacks is no longer theirs to give, though its assignable-by names their role", async () => {
    const db = handle.db;
    const principal = await actorOfId(db, await identityIdOf(db, "principal@example.com"));
    expect(principal.access.features).not.toContain(F.auditOrgsRead);
    const [role] = await db
      .insert(securityRoles)
      .values({ name: `AUDITOR_PLUS_${backend.name}`, displayName: "Auditor plus", features: [F.auditOrgsRead] })
      .returning({ id: securityRoles.id });
    const dealerAdmin = (
      await db.select({ id: securityRoles.id }).from(securityRoles).where(eq(securityRoles.name, "DEALER_ADMIN"))
    )[0].id;
    await db.insert(securityRoleAssigners).values({ roleId: role.id, assignerId: dealerAdmin });
    const choices = await editorChoices(db, principal);
    expect(choices.roles.map((r) => r.id)).not.toContain(role.id);
    expect(choices.roles.length).toBeGreaterThan(0);
  });
});
