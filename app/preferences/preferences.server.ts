import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { brands, distributionLists, emailSubscriptions, identities, organizations, roleAssignments } from "~/db/schema";
import type { ProfileField, ProfileFieldInput } from "~/preferences/profile-field";
import { fieldChanges, recordAudit } from "~/audit/audit-writer.server";

/** The user's own profile as `GET /api/v2/user?profile` answers it and the preferences page shows it. */
export async function ownProfile(database: Database, actor: Actor) {
  const [row] = await database
    .select({
      id: identities.id,
      firstName: identities.firstName,
      lastName: identities.lastName,
      email: identities.email,
      jobTitle: identities.jobTitle,
      phoneMobile: identities.phoneMobile,
      phoneSecondary: identities.phoneSecondary,
      fax: identities.fax,
      listingName: identities.listingName,
      preferredLanguage: identities.preferredLanguage,
      timeZone: identities.timeZone,
      userType: identities.userType,
      role: identities.role,
      serialNumber: identities.serialNumber,
      lastPassportChange: identities.lastPassportChange,
    })
    .from(identities)
    .where(eq(identities.id, actor.identityId));
  return row ?? null;
}

/** Writes one field of the user's own profile; audited when the value changes. Answers whether it changed. */
export async function updateOwnProfileField(
  database: Database,
  actor: Actor,
  input: ProfileFieldInput,
): Promise<boolean> {
  const { identityId } = actor;
  const field: ProfileField = input.field;
  const value = input.value === undefined || input.value === "" ? null : input.value;
  return database.transaction(async (tx) => {
    const [current] = await tx.select().from(identities).where(eq(identities.id, identityId)).for("update");
    if (!current) return false;
    const changes = fieldChanges<Record<string, unknown>>({ [field]: current[field] }, { [field]: value }, [field]);
    if (changes.length === 0) return false;
    const now = new Date();
    await tx
      .update(identities)
      .set({ [field]: value, updatedAt: now, modifiedBy: identityId })
      .where(eq(identities.id, identityId));
    await recordAudit(tx, {
      entity: "identity",
      entityId: identityId,
      operation: "update",
      changes,
      actorId: identityId,
      at: now,
    });
    return true;
  });
}

/** A distribution list as offered to a user, in their language (English when not translated). */
export interface OfferedList {
  id: number;
  code: string;
  name: string;
  description: string;
}

/** The distribution lists offered to users of these brands (lists without brands are for everyone): `GET /api/v2/emails/definitions`. */
export async function distributionListsFor(
  database: Database,
  brandIds: readonly number[],
  locale: string,
): Promise<OfferedList[]> {
  const rows = await database
    .select()
    .from(distributionLists)
    .orderBy(asc(distributionLists.sortOrder), asc(distributionLists.id));
  return rows
    .filter((list) => list.brandIds.length === 0 || list.brandIds.some((b) => brandIds.includes(b)))
    .map((list) => ({ id: list.id, code: list.code, ...(list.translations[locale] ?? list.translations.en) }));
}

export async function subscriptionIdsOf(database: Database, actor: Actor): Promise<number[]> {
  const rows = await database
    .select({ id: emailSubscriptions.distributionListId })
    .from(emailSubscriptions)
    .where(eq(emailSubscriptions.identityId, actor.identityId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Sets the user's subscriptions among the lists offered to them: chosen ones subscribed, the
 * others unsubscribed. Ids of lists not offered are ignored. Audited as one field change.
 */
export async function setOwnSubscriptions(
  database: Database,
  actor: Actor,
  offered: readonly OfferedList[],
  chosen: readonly number[],
): Promise<boolean> {
  const { identityId } = actor;
  const offeredIds = offered.map((l) => l.id);
  const wanted = [...new Set(chosen.filter((id) => offeredIds.includes(id)))].sort((a, b) => a - b);
  return database.transaction(async (tx) => {
    // One change of a user's subscriptions at a time (a double click, the form and the API).
    await tx.select({ id: identities.id }).from(identities).where(eq(identities.id, identityId)).for("update");
    const before = (
      await tx
        .select({ id: emailSubscriptions.distributionListId })
        .from(emailSubscriptions)
        .where(eq(emailSubscriptions.identityId, identityId))
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
    const after = [...before.filter((id) => !offeredIds.includes(id)), ...wanted].sort((a, b) => a - b);
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    if (offeredIds.length > 0) {
      await tx
        .delete(emailSubscriptions)
        .where(
          and(
            eq(emailSubscriptions.identityId, identityId),
            inArray(emailSubscriptions.distributionListId, offeredIds),
          ),
        );
    }
    if (wanted.length > 0)
      await tx.insert(emailSubscriptions).values(wanted.map((id) => ({ identityId, distributionListId: id })));
    const codeOf = new Map(offered.map((l) => [l.id, l.code]));
    const codes = (ids: number[]) => ids.map((id) => codeOf.get(id) ?? String(id)).join(", ");
    await recordAudit(tx, {
      entity: "identity",
      entityId: identityId,
      operation: "update",
      changes: [{ field: "emailSubscriptions", oldValue: codes(before), newValue: codes(after) }],
      actorId: identityId,
    });
    return true;
  });
}

/** The user's assigned locations (read only on the preferences page), the preferred one first. */
export async function assignedLocationsOf(database: Database, actor: Actor) {
  const rows = await database
    .selectDistinct({
      id: organizations.id,
      name: organizations.name,
      brandId: brands.id,
      brandName: brands.name,
      regionCode: organizations.regionCode,
      preferred: roleAssignments.isPreferred,
    })
    .from(roleAssignments)
    .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
    .innerJoin(brands, eq(brands.id, organizations.brandId))
    // Locations are dealers': the maker's own organizations are where one administers the portal.
    .where(and(eq(roleAssignments.identityId, actor.identityId), ne(organizations.type, "internal")));
  const byId = new Map<number, (typeof rows)[number]>();
  for (const row of rows)
    byId.set(row.id, { ...row, preferred: row.preferred || Boolean(byId.get(row.id)?.preferred) });
  return [...byId.values()].sort((a, b) => Number(b.preferred) - Number(a.preferred) || a.name.localeCompare(b.name));
}
