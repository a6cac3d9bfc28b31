import type { Executor } from "~/db/client.server";
import { logger } from "~/logger.server";
import type { Actor } from "~/permissions/actor";
import { actorDirectoryLocations, markDirectoryReviewed } from "~/directory/directory.server";
import type { DirectoryReviewData } from "~/directory/DirectoryReviewModal";
import { locationsToReview, reviewIsComplete, type DirectoryContext } from "~/directory/rules";

/**
 * A directory review's list (SPEC §4): the administrator's locations of their brands with a
 * required, unfilled role. With none left and the list loaded, the last review date is updated.
 */
export async function loadDirectoryReview(
  database: Executor,
  actor: Actor,
  signal: AbortSignal,
  context: DirectoryContext,
  returnTo: string,
): Promise<DirectoryReviewData> {
  let locations: DirectoryReviewData["locations"] = [];
  let loadFailure: DirectoryReviewData["loadFailure"];
  try {
    locations = locationsToReview(await actorDirectoryLocations(database, actor, context));
  } catch (error) {
    loadFailure = signal.aborted ? "cancelled" : "failed";
    logger.error({ err: messageOf(error), identityId: actor.identityId, context }, "directory review: list failed");
  }
  let reviewDateFailed = false;
  if (reviewIsComplete({ remaining: locations.length, loadFailed: Boolean(loadFailure) })) {
    try {
      await markDirectoryReviewed(database, actor, context);
    } catch (error) {
      reviewDateFailed = true;
      logger.error({ err: messageOf(error), identityId: actor.identityId, context }, "directory review: date failed");
    }
  }
  return { context, locations, returnTo, loadFailure, reviewDateFailed };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
