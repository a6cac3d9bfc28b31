import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { Actor } from "~/permissions/actor";
import type { Database } from "~/db/client.server";
import { logger } from "~/logger.server";
import { readFormData } from "~/security/form-body.server";
import { directoryPeopleByIds, saveDirectorySelections, searchDirectoryPeople } from "~/directory/directory.server";
import type { DirectorySearchAnswer } from "~/directory/directory-form";
import { directorySaveFailureMessage, type DirectoryContext, type DirectorySaveFailure } from "~/directory/rules";
import { directoryFormSchema } from "~/directory/schema";

/** What a location panel's post answers when it stays on the page. */
export type DirectoryFormAnswer = { search: DirectorySearchAnswer } | { failure: string; organizationId?: number };

type Answer = Response | ReturnType<typeof data<DirectoryFormAnswer>>;

/**
 * The location panels' posts (review modal and manage-directory screen): save a location's
 * choices and leave edit mode (`savedTo`), or run the no-JavaScript searches keeping the choices.
 * A "close" post is left to the caller (only the review has one): the answer is then "close".
 */
export async function directoryFormAction(
  database: Database,
  actor: Actor,
  request: Request,
  context: DirectoryContext,
  savedTo: (organizationId: number) => string,
): Promise<Answer | "close"> {
  const submission = parseWithZod(await readFormData(request), { schema: directoryFormSchema });
  if (submission.status !== "success") {
    return failed(400, "unexpected");
  }
  const post = submission.value;
  if (post.intent === "close") return "close";
  const organizationId = post.organizationId;
  try {
    if (post.intent === "search") {
      const texts = post.searches ?? [];
      const searches: DirectorySearchAnswer["searches"] = {};
      for (const [index, selection] of post.selections.entries()) {
        const text = texts[index]?.trim();
        if (!text) continue;
        const results = await searchDirectoryPeople(database, actor, { orgId: organizationId, text });
        searches[selection.directoryDataTypeId] = { text, results };
      }
      const people = await directoryPeopleByIds(
        database,
        actor,
        organizationId,
        post.selections.map((s) => s.identityId),
      );
      const chosen = Object.fromEntries(
        post.selections.map((s) => [s.directoryDataTypeId, people.find((p) => p.id === s.identityId) ?? null]),
      );
      return data<DirectoryFormAnswer>({ search: { organizationId, searches, chosen } });
    }
    const outcome = await saveDirectorySelections(database, actor, context, post);
    if (outcome.kind === "saved") return redirect(savedTo(organizationId));
    return failed(outcome.kind === "missing" ? 404 : 400, outcome.kind, organizationId);
  } catch (error) {
    logger.error(
      { err: error instanceof Error ? error.message : String(error), identityId: actor.identityId, context },
      `directory: ${post.intent} failed`,
    );
    return failed(500, "unexpected", organizationId);
  }
}

/** SPEC §8: a failed save shows what went wrong where the save knows it, else "Error while saving data". */
function failed(status: number, failure: DirectorySaveFailure, organizationId?: number) {
  return data<DirectoryFormAnswer>({ failure: directorySaveFailureMessage(failure), organizationId }, { status });
}
