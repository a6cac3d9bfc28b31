import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { catalogueWrite } from "~/server-context/catalogue-write.server";
import { type LocalizedTexts, applications } from "~/db/schema";
import { applicationVisibleTo, inLauncherBrand, type TargetingSubject } from "~/applications/targeting";
import { parseCustomRules } from "~/applications/custom-rule";
import type { LauncherItem } from "~/applications/launcher";
import type { Actor } from "~/permissions/actor";
import { APPLICATION_LIST_FIELDS, type ApplicationInput } from "~/applications/schema";
// The editor's stamp is the form's (form-values.ts); its callers here keep finding it with the service.
export { editStamp } from "~/applications/form-values";
import { containsPattern } from "~/lists/list-query";
import { queriedList, type ListQuery } from "~/lists/list-reader.server";
import { tableStateOf, type SortType } from "~/lists/table-state";
import { recordAudit } from "~/audit/audit-writer.server";
import { auditedRecord, recordWrites } from "~/audit/audited-record.server";
import { usedValues } from "~/forms/used-values";
import {
  BRAND_NOT_YOURS,
  catalogueListedTo,
  catalogueWritableWithin,
  listedBrandsOf,
  type BrandNotYours,
  type CatalogueReader,
} from "~/permissions/catalogue-scope";

export type ApplicationRow = typeof applications.$inferSelect;

/** The user's side of targeting, from the signed-in user's access data and profile (no extra query). */
export function targetingSubjectOf(user: Pick<Actor, "userType" | "access" | "profile">): TargetingSubject {
  const unique = (values: string[]) => [...new Set(values)];
  const orgs = user.profile.organizations;
  return {
    brandIds: user.access.brands.map((b) => b.id),
    regions: user.access.regions,
    webRoles: user.profile.webRoles,
    organizationTypes: unique(orgs.map((o) => o.organizationType)),
    contractTypes: unique(orgs.flatMap((o) => o.contractTypes)),
    contractCodes: unique(orgs.flatMap((o) => o.contractCodes)),
    userType: user.userType,
    role: user.profile.role,
    features: user.access.features,
    assignedApplicationIds: user.profile.assignedApplicationIds,
  };
}

/** An application's name and description in a language, falling back to the English columns. */
export function localizedTexts(
  app: Pick<ApplicationRow, "displayName" | "description" | "translations">,
  locale: string,
) {
  const texts = app.translations?.[locale];
  return { name: texts?.displayName || app.displayName, description: texts?.description || app.description };
}

/** The cache name of the applications catalogue (ADR 8). */
export const APPLICATIONS_CATALOGUE = "applications";

/** Every application in launcher order: the catalogue the launcher filters per user. */
export function applicationCatalogue(database: Executor): Promise<ApplicationRow[]> {
  return database.select().from(applications).orderBy(asc(applications.sortOrder), asc(applications.id));
}

/** Of a catalogue, the applications a subject sees (brand, region, targeting), in their language; of one brand when given. */
export function applicationsForSubject(
  catalogue: readonly ApplicationRow[],
  subject: TargetingSubject,
  locale: string,
  themeBrand?: number,
): LauncherItem[] {
  return catalogue
    .filter((app) => inLauncherBrand(app, themeBrand))
    .filter((app) => subject.brandIds.includes(app.brandId) && subject.regions.includes(app.regionCode))
    .filter((app) => applicationVisibleTo(app, subject))
    .map((app) => ({
      id: String(app.id),
      ...localizedTexts(app, locale),
      link: app.link,
      regionCode: app.regionCode,
      categories: app.categories,
      sortOrder: app.sortOrder,
    }));
}

/** The applications a subject sees, read from the database now. */
export async function applicationsForUser(
  database: Database,
  subject: TargetingSubject,
  locale: string,
): Promise<LauncherItem[]> {
  if (subject.brandIds.length === 0 || subject.regions.length === 0) return [];
  return applicationsForSubject(await applicationCatalogue(database), subject, locale);
}

// ---- administration ----------------------------------------------------------------------

/** The administration list's search: name, display name or description contains the text. */
function searchCondition(text: string | undefined) {
  const query = text?.trim() ?? "";
  if (!query) return undefined;
  const pattern = containsPattern(query);
  return or(
    ilike(applications.name, pattern),
    ilike(applications.displayName, pattern),
    ilike(applications.description, pattern),
  );
}

/** The administration list's sortable columns; `order` is the launcher order the moves change. */
export const APPLICATION_SORTS = ["order", "displayName", "name", "brand", "region"] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];

export interface ApplicationListOptions {
  query?: string;
  page?: number;
  rowsPerPage?: number;
  sortBy?: ApplicationSort;
  sortType?: SortType;
}

/** The administration list's search, sort and page from a URL (the screen and its export read it alike). */
export function applicationListOptionsOf(params: URLSearchParams) {
  const state = tableStateOf(params, APPLICATION_SORTS, { sortBy: "order", sortType: "asc" });
  const options: ApplicationListOptions = {
    query: state.query,
    page: state.page,
    rowsPerPage: state.rowsPerPage,
    sortBy: state.sortBy,
    sortType: state.sortType,
  };
  return { state, options };
}

/** Applications of one of these brands (none for no brands). */
function ofOneOfBrands(brandIds: number[]) {
  return brandIds.length > 0 ? inArray(applications.brandId, brandIds) : sql`false`;
}

function applicationListQuery(actor: CatalogueReader, options: ApplicationListOptions): ListQuery {
  const column = {
    order: applications.sortOrder,
    displayName: sql`lower(${applications.displayName})`,
    name: sql`lower(${applications.name})`,
    brand: applications.brandId,
    region: applications.regionCode,
  }[options.sortBy ?? "order"];
  const direction = options.sortType === "desc" ? desc : asc;
  return {
    where: and(ofOneOfBrands(listedBrandsOf(actor)), searchCondition(options.query)),
    order: [direction(column), asc(applications.id)],
  };
}

/** The filtered list the actor may see, in its order. */
const applicationList = queriedList(applications, applicationListQuery);

/**
 * A page of the applications listed to the actor (of their portal brands, or a reader's own; launcher
 * order unless sorted otherwise), searched by name, display name or description.
 */
export const listApplications = applicationList.page;

/** Every application of the filtered list the actor sees, in its order (the CSV export). */
export const everyListedApplication = applicationList.every;

/** One application, when it is listed to the actor; otherwise null, as an unknown id. */
export async function getApplication(database: Database, actor: Actor, id: number): Promise<ApplicationRow | null> {
  const [row] = await database.select().from(applications).where(eq(applications.id, id));
  return row && catalogueListedTo(actor, [row.brandId]) ? row : null;
}

/** The values each list field already holds across applications: the multiselects' options. */
export async function applicationFieldOptions(database: Database) {
  const columns = {
    categories: applications.categories,
    contractCodes: applications.contractCodes,
    contractTypes: applications.contractTypes,
    organizationTypes: applications.organizationTypes,
    primaryTasks: applications.primaryTasks,
    typicalUsers: applications.typicalUsers,
    webRoles: applications.webRoles,
  };
  const rows = await database.select(columns).from(applications);
  return usedValues(rows, Object.keys(columns) as (keyof typeof columns)[]);
}

const AUDITED_FIELDS = [
  "name",
  "displayName",
  "description",
  "link",
  "regionCode",
  "brandId",
  ...APPLICATION_LIST_FIELDS,
  "customRules",
  "requiresAssignment",
  "translations",
] as const;

/** The editor's translations as stored: only languages with a text, only the texts given. */
export function storedTranslations(input: ApplicationInput["translations"]): LocalizedTexts {
  const stored: LocalizedTexts = {};
  for (const [locale, texts] of Object.entries(input ?? {})) {
    const displayName = texts?.displayName?.trim();
    const description = texts?.description?.trim();
    if (displayName || description)
      stored[locale] = { ...(displayName ? { displayName } : {}), ...(description ? { description } : {}) };
  }
  return stored;
}

function valuesOf(input: ApplicationInput) {
  const parsed = parseCustomRules(input.customRules);
  return {
    name: input.name,
    displayName: input.displayName,
    description: input.description,
    link: input.link,
    regionCode: input.regionCode,
    brandId: input.brandId,
    categories: input.categories,
    contractCodes: input.contractCodes,
    contractTypes: input.contractTypes,
    organizationTypes: input.organizationTypes,
    primaryTasks: input.primaryTasks,
    typicalUsers: input.typicalUsers,
    webRoles: input.webRoles,
    customRules: parsed.ok ? parsed.rule : null,
    requiresAssignment: input.requiresAssignment,
    translations: storedTranslations(input.translations),
  };
}

/** Why a save is refused beyond the stamp: the brand chosen is not the editor's. */
export type ApplicationRefusal = BrandNotYours;

/** Whether the actor may write an application of this brand (issue #30 §2: within their portal brands). */
const writable = (actor: Actor, brandId: number) => catalogueWritableWithin(actor.portalScope, [brandId]);

/**
 * How the actor saves applications: within their portal scope (an application of another brand
 * is missing for them, another brand refused), each write bumping the applications catalogue.
 */
export const applicationWrites = recordWrites(
  auditedRecord<typeof applications, ApplicationInput, ReturnType<typeof valuesOf>, ApplicationRefusal>((actor) => ({
    entity: "application",
    table: applications,
    idColumn: applications.id,
    catalogue: APPLICATIONS_CATALOGUE,
    keepsEditor: true,
    columns: valuesOf,
    // A new application comes last in the launcher order.
    newRowColumns: async (tx) => {
      const [{ max }] = await tx
        .select({ max: sql<number>`coalesce(max(${applications.sortOrder}), 0)::int` })
        .from(applications);
      return { sortOrder: max + 10 };
    },
    reaches: (row) => writable(actor, row.brandId),
    scopeRefusal: (input) => (writable(actor, input.brandId) ? null : BRAND_NOT_YOURS),
    audited: valuesOf,
    fields: AUDITED_FIELDS,
  })),
);

/** Creates an application of a brand within the actor's portal scope (last in the launcher order); otherwise refuses. */
export const createApplication = applicationWrites.create;

/**
 * Saves an edit when the posted stamp is the record's current one and its brand, before and
 * after, is within the editor's portal scope. Another brand's application is missing for them, a
 * move to another brand is refused, a stale stamp is a conflict; each changes nothing.
 */
export const updateApplication = applicationWrites.update;

/** Deletes an application of the actor's brands; false when there is none such (nothing changes). */
export const deleteApplication = applicationWrites.remove;

/**
 * The order after moving one id (pure). Up and down pass the neighbour the admin sees: the
 * previous or next of `visible` (the searched list), or of the whole order when nothing is
 * searched. Top puts it first. An unknown id, or no neighbour, leaves the order unchanged.
 */
export function reorder(
  ids: readonly number[],
  id: number,
  direction: "up" | "down" | "top",
  visible: readonly number[] = ids,
): number[] {
  const order = [...ids];
  if (!order.includes(id)) return order;
  const without = order.filter((x) => x !== id);
  if (direction === "top") return [id, ...without];
  const shown = visible.filter((x) => order.includes(x));
  const at = shown.indexOf(id);
  const neighbour = direction === "up" ? shown[at - 1] : shown[at + 1];
  if (at === -1 || neighbour === undefined) return order;
  const index = without.indexOf(neighbour);
  without.splice(direction === "up" ? index : index + 1, 0, id);
  return without;
}

/**
 * Moves an application of the editor's brands in the launcher order; false (nothing moves) for
 * another brand's. Up and down pass the neighbour the editor sees (their list, searched). All rows
 * are locked for the move and renumbered 10, 20, 30…, so concurrent moves queue up and the order
 * stays consistent.
 */
export async function moveApplication(
  database: Database,
  actor: Actor,
  id: number,
  direction: "up" | "down" | "top",
  query?: string,
): Promise<boolean> {
  return catalogueWrite(database, APPLICATIONS_CATALOGUE, async (tx) => {
    // Lock first, then read the order: under READ COMMITTED a locking read may return rows in
    // the order of its old snapshot, so the ordered read must come after the lock is held.
    await tx.select({ id: applications.id }).from(applications).for("update");
    const rows = await tx
      .select({ id: applications.id, sortOrder: applications.sortOrder, brandId: applications.brandId })
      .from(applications)
      .orderBy(asc(applications.sortOrder), asc(applications.id));
    const before = rows.map((r) => r.id);
    const moved = rows.find((r) => r.id === id);
    if (!moved || !writable(actor, moved.brandId)) return false;
    const visible = (
      await tx
        .select({ id: applications.id })
        .from(applications)
        .where(and(ofOneOfBrands(listedBrandsOf(actor)), searchCondition(query)))
        .orderBy(asc(applications.sortOrder), asc(applications.id))
    ).map((r) => r.id);
    const after = reorder(before, id, direction, visible);
    const oldOrder = new Map(rows.map((r) => [r.id, r.sortOrder]));
    for (const [index, rowId] of after.entries()) {
      const sortOrder = (index + 1) * 10;
      if (oldOrder.get(rowId) !== sortOrder)
        await tx.update(applications).set({ sortOrder }).where(eq(applications.id, rowId));
    }
    await recordAudit(tx, {
      entity: "application",
      entityId: id,
      operation: "move",
      changes: [{ field: "order", oldValue: String(before.indexOf(id) + 1), newValue: String(after.indexOf(id) + 1) }],
      actorId: actor.identityId,
    });
    return true;
  });
}
