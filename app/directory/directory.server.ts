import { and, asc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import {
  directoryAssignments,
  directoryConfigurations,
  directoryItems,
  directoryReviewStates,
  identities,
  organizations,
  roleAssignments,
} from "~/db/schema";
import { recordAudit } from "~/audit/audit-writer.server";
import type { Actor } from "~/permissions/actor";
import { sanitizedHtml } from "~/announcements/sanitize";
import { locationIdsOf } from "~/permissions/dealer-locations.server";
import {
  personLabel,
  selectionSerialNumberHolds,
  selectionsToSave,
  type DirectoryContext,
  type DirectoryLocation,
  type DirectoryPerson,
} from "./rules";
import type { DirectorySave } from "./schema";

import { PERSON_SEARCH_LIMIT } from "~/limits";

export { PERSON_SEARCH_LIMIT };

/**
 * The administrator's locations of the given brands with the context's configuration of each
 * location's brand: its roles in order, each with the person assigned there (SPEC §3 Directory location).
 * A location whose brand has no configuration of the context is left out.
 */
export async function directoryLocations(
  database: Executor,
  actor: Actor,
  context: DirectoryContext,
  brandIds: readonly number[],
): Promise<DirectoryLocation[]> {
  const own = await locationIdsOf(database, actor.identityId);
  if (own.length === 0 || brandIds.length === 0) return [];
  const rows = await database
    .select({
      locationId: organizations.id,
      locationName: organizations.name,
      configurationId: directoryConfigurations.id,
      itemId: directoryItems.id,
      name: directoryItems.name,
      displayName: directoryItems.displayName,
      description: directoryItems.description,
      required: directoryItems.required,
      personId: identities.id,
      firstName: identities.firstName,
      lastName: identities.lastName,
      email: identities.email,
      serialNumber: identities.serialNumber,
    })
    .from(organizations)
    .innerJoin(
      directoryConfigurations,
      and(eq(directoryConfigurations.brandId, organizations.brandId), eq(directoryConfigurations.context, context)),
    )
    .innerJoin(directoryItems, eq(directoryItems.configurationId, directoryConfigurations.id))
    .leftJoin(
      directoryAssignments,
      and(
        eq(directoryAssignments.itemId, directoryItems.id),
        eq(directoryAssignments.organizationId, organizations.id),
      ),
    )
    .leftJoin(identities, eq(identities.id, directoryAssignments.identityId))
    // The directory is a dealer location's: the maker's own organizations have none (ADR 29).
    .where(
      and(
        inArray(organizations.id, own),
        inArray(organizations.brandId, [...brandIds]),
        eq(organizations.type, "location"),
      ),
    )
    .orderBy(asc(organizations.name), asc(organizations.id), asc(directoryItems.sortOrder), asc(directoryItems.id));
  const locations = new Map<number, DirectoryLocation>();
  for (const row of rows) {
    let location = locations.get(row.locationId);
    if (!location) {
      location = {
        id: row.locationId,
        locationName: row.locationName,
        configurations: [{ id: row.configurationId, items: [] }],
      };
      locations.set(row.locationId, location);
    }
    location.configurations[0].items.push({
      id: row.itemId,
      name: row.name,
      displayName: row.displayName,
      description: sanitizedHtml(row.description),
      required: row.required,
      identity:
        row.personId === null
          ? null
          : {
              id: row.personId,
              firstName: row.firstName!,
              lastName: row.lastName!,
              email: row.email!,
              serialNumber: row.serialNumber!,
            },
    });
  }
  return [...locations.values()];
}

/** The actor's locations of every brand they hold, with the context's roles and holders. */
export function actorDirectoryLocations(
  database: Executor,
  actor: Actor,
  context: DirectoryContext,
): Promise<DirectoryLocation[]> {
  const brandIds = actor.access.brands.map((brand) => brand.id);
  return directoryLocations(database, actor, context, brandIds);
}

/** The people who may hold a role at a location: its active users, those matching `where`. */
function activePeopleAt(database: Executor, orgId: number, where: SQL | undefined): Promise<DirectoryPerson[]> {
  return database
    .selectDistinct({
      id: identities.id,
      firstName: identities.firstName,
      lastName: identities.lastName,
      email: identities.email,
      serialNumber: identities.serialNumber,
    })
    .from(identities)
    .innerJoin(roleAssignments, eq(roleAssignments.identityId, identities.id))
    .where(and(eq(roleAssignments.organizationId, orgId), eq(identities.status, "active"), where));
}

/**
 * The people who may hold a role at a location: active users of that location (one of the
 * administrator's) whose name or e-mail contains the text, sorted by their label, at most 30.
 */
export async function searchDirectoryPeople(
  database: Executor,
  actor: Actor,
  query: { orgId: number; text: string; limit?: number },
): Promise<DirectoryPerson[]> {
  const text = query.text.trim();
  if (!text || !(await locationIdsOf(database, actor.identityId)).includes(query.orgId)) return [];
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const people = await activePeopleAt(
    database,
    query.orgId,
    or(
      ilike(identities.firstName, pattern),
      ilike(identities.lastName, pattern),
      ilike(identities.email, pattern),
      ilike(sql`${identities.firstName} || ' ' || ${identities.lastName}`, pattern),
    ),
  );
  const limit = Math.min(Math.max(query.limit ?? PERSON_SEARCH_LIMIT, 1), PERSON_SEARCH_LIMIT);
  return people.sort((a, b) => personLabel(a).localeCompare(personLabel(b))).slice(0, limit);
}

export type SaveOutcome = { kind: "saved"; changed: number } | { kind: "missing" } | { kind: "invalid" };

/**
 * Saves a location's choices (SPEC §3 Directory save payload, zero selections dropped): each role
 * of the configuration gets the chosen person, who must be an active user of that location; one
 * person per role and location, so a role given to someone else leaves its former holder.
 * Audited on the location.
 */
export async function saveDirectorySelections(
  database: Database,
  actor: Actor,
  context: DirectoryContext,
  payload: DirectorySave,
): Promise<SaveOutcome> {
  const { organizationId, directoryDataConfigurationId } = payload;
  if (!(await locationIdsOf(database, actor.identityId)).includes(organizationId)) return { kind: "missing" };
  const selections = selectionsToSave(payload.selections);
  return database.transaction(async (tx) => {
    const [configuration] = await tx
      .select({ id: directoryConfigurations.id })
      .from(directoryConfigurations)
      .innerJoin(organizations, eq(organizations.brandId, directoryConfigurations.brandId))
      .where(
        and(
          eq(directoryConfigurations.id, directoryDataConfigurationId),
          eq(directoryConfigurations.context, context),
          eq(organizations.id, organizationId),
        ),
      );
    if (!configuration) return { kind: "missing" } as const;
    const items = await tx
      .select({ id: directoryItems.id, name: directoryItems.name })
      .from(directoryItems)
      .where(eq(directoryItems.configurationId, configuration.id));
    const people = selections.length
      ? await activePeopleAt(
          tx,
          organizationId,
          inArray(
            identities.id,
            selections.map((s) => s.identityId),
          ),
        )
      : [];
    const itemOf = new Map(items.map((item) => [item.id, item]));
    const emailOf = new Map(people.map((p) => [p.id, p.email]));
    const personOf = new Map(people.map((p) => [p.id, p]));
    if (
      selections.some((s) => {
        const person = personOf.get(s.identityId);
        return !itemOf.has(s.directoryDataTypeId) || !person || !selectionSerialNumberHolds(s, person);
      })
    ) {
      return { kind: "invalid" } as const;
    }
    const current = await tx
      .select({
        itemId: directoryAssignments.itemId,
        identityId: directoryAssignments.identityId,
        email: identities.email,
      })
      .from(directoryAssignments)
      .innerJoin(identities, eq(identities.id, directoryAssignments.identityId))
      .where(eq(directoryAssignments.organizationId, organizationId));
    const changes = [];
    for (const selection of selections) {
      const before = current.find((c) => c.itemId === selection.directoryDataTypeId);
      if (before?.identityId === selection.identityId) continue;
      await tx
        .insert(directoryAssignments)
        .values({
          itemId: selection.directoryDataTypeId,
          organizationId,
          identityId: selection.identityId,
          updatedBy: actor.identityId,
        })
        .onConflictDoUpdate({
          target: [directoryAssignments.itemId, directoryAssignments.organizationId],
          set: { identityId: selection.identityId, updatedBy: actor.identityId, updatedAt: new Date() },
        });
      changes.push({
        field: `directory:${itemOf.get(selection.directoryDataTypeId)!.name}`,
        oldValue: before?.email ?? null,
        newValue: emailOf.get(selection.identityId)!,
      });
    }
    if (changes.length > 0) {
      await recordAudit(tx, {
        entity: "organization",
        entityId: organizationId,
        operation: "update",
        changes,
        actorId: actor.identityId,
      });
    }
    return { kind: "saved", changed: changes.length } as const;
  });
}

/** "Update last review date" (SPEC §7 PUT …/last-review-date/{context}): the review is done for now. */
export async function markDirectoryReviewed(
  database: Executor,
  actor: Actor,
  context: DirectoryContext,
  now = new Date(),
): Promise<void> {
  await setReviewState(database, actor.identityId, context, { lastReviewedAt: now });
}

/** The administrator's review state of a context (never reviewed: nulls). */
export async function directoryReviewStateOf(database: Executor, actor: Actor, context: DirectoryContext) {
  const [state] = await database
    .select()
    .from(directoryReviewStates)
    .where(and(eq(directoryReviewStates.identityId, actor.identityId), eq(directoryReviewStates.context, context)));
  return { lastReviewedAt: state?.lastReviewedAt ?? null, reminderClosedAt: state?.reminderClosedAt ?? null };
}

/** Closing (skipping) a review (SPEC §4): remembered per administrator, so it holds without JavaScript and across devices. */
export async function closeDirectoryReminder(
  database: Executor,
  actor: Actor,
  context: DirectoryContext,
  now = new Date(),
): Promise<void> {
  await setReviewState(database, actor.identityId, context, { reminderClosedAt: now });
}

/** Sets one date of the administrator's review state of a context (created on first use). */
async function setReviewState(
  database: Executor,
  adminId: number,
  context: DirectoryContext,
  set: { lastReviewedAt: Date } | { reminderClosedAt: Date },
): Promise<void> {
  await database
    .insert(directoryReviewStates)
    .values({ identityId: adminId, context, ...set })
    .onConflictDoUpdate({ target: [directoryReviewStates.identityId, directoryReviewStates.context], set });
}

/** Active users of one of the administrator's locations, by id: the choices a no-JavaScript search keeps. */
export async function directoryPeopleByIds(
  database: Executor,
  actor: Actor,
  orgId: number,
  ids: readonly number[],
): Promise<DirectoryPerson[]> {
  const wanted = ids.filter((id) => id > 0);
  if (wanted.length === 0 || !(await locationIdsOf(database, actor.identityId)).includes(orgId)) return [];
  return activePeopleAt(database, orgId, inArray(identities.id, wanted));
}
