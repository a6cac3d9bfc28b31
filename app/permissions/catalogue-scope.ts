import type { Refusal } from "~/forms/save-outcome";
import { brandsWithinScope, isPortalWide, type PortalScope } from "~/permissions/admin-levels";

/**
 * The catalogue's content — announcements, applications, documents — is administered within brands
 * (issue #30 §2, ADR 29). One rule for the three:
 *
 * - written (created, edited, deleted, moved, targeted) only when it is for some brands and every
 *   one of them is inside the editor's portal scope; without a portal scope nothing is written;
 * - listed to an administrator when one of its brands is inside their portal scope; to a reader
 *   without one (a read-only role held at a dealer's location) when one of its brands is theirs.
 *
 * Content whose brands are not all the editor's is not there for their editor: its save, delete and
 * move find nothing.
 */

/** What the rule reads of an actor: the portal scope and, for readers without one, their own brands. */
export interface CatalogueReader {
  portalScope: PortalScope;
  access: { brands: readonly { id: number }[] };
}

/** The brands whose content an actor's administration lists show: their portal brands, or without any their own. */
export function listedBrandsOf(actor: CatalogueReader): number[] {
  return isPortalWide(actor.portalScope)
    ? [...actor.portalScope.brandIds]
    : actor.access.brands.map((brand) => brand.id);
}

/** Whether content for these brands is listed to the actor: one of its brands is among theirs. */
export function catalogueListedTo(actor: CatalogueReader, brandIds: readonly number[]): boolean {
  const listed = listedBrandsOf(actor);
  return brandIds.some((id) => listed.includes(id));
}

/** Whether content for these brands may be written by an editor of this scope: some brands, each within it. */
export function catalogueWritableWithin(scope: PortalScope, brandIds: readonly number[]): boolean {
  return brandIds.length > 0 && brandsWithinScope(scope, brandIds);
}

/**
 * What an actor may do with one record: edit it (the write feature and all its brands theirs),
 * only see it (listed to them), or nothing — it is not there for them.
 */
export function catalogueAccessOf(
  actor: CatalogueReader,
  brandIds: readonly number[],
  mayWrite: boolean,
): "edit" | "view" | "none" {
  if (mayWrite && catalogueWritableWithin(actor.portalScope, brandIds)) return "edit";
  return catalogueListedTo(actor, brandIds) ? "view" : "none";
}

/** A save the service refuses because a brand chosen is not one the editor administers. */
export type BrandNotYours = { kind: "brandNotYours" };

export const BRAND_NOT_YOURS: BrandNotYours = { kind: "brandNotYours" };

/** Its message, on the form's brand field (the editor and the API say it alike). */
export function brandNotYoursRefusal(field: "brandIds" | "brandId"): Refusal {
  return { message: "validations.brandsNotYours", field };
}
