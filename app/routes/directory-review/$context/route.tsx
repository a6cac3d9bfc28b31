import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { closeDirectoryReminder } from "~/directory/directory.server";
import { directoryFormAction } from "~/routes/admin/manage-directory/directory-form.server";
import { editingLocationOf } from "~/directory/directory-form";
import { loadDirectoryReview } from "~/routes/directory-review/$context/directory-review.server";
import { DirectoryReviewModal, directoryReviewHref } from "~/directory/DirectoryReviewModal";
import { directoryContextOf } from "~/directory/rules";
import { inSiteRedirectTarget } from "~/security/redirect-target";
import { titleMeta } from "~/shell/page-title";

export const meta = titleMeta("manageDirectory.title");

/** The review's context (the path must name one) and where Close leads back to. */
function frameOf(request: Request, contextParam: string | undefined) {
  const context = contextParam ? directoryContextOf(contextParam) : null;
  if (!context) throw new Response("Not Found", { status: 404 });
  const returnTo = inSiteRedirectTarget(new URL(request.url).searchParams.get("returnTo"));
  return { context, returnTo: returnTo.toLowerCase().startsWith("/directory-review") ? "/" : returnTo };
}

/**
 * The directory review modal as a page (SPEC §2, §4): where its forms post, its edit, cancel and
 * refresh links lead, and what the manage-directory screen opens.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const { context, returnTo } = frameOf(request, params.context);
  const search = new URL(request.url).searchParams;
  const review = await loadDirectoryReview(db(), user, request.signal, context, returnTo);
  return { review, editing: editingLocationOf(search), saved: search.has("saved") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  const { context, returnTo } = frameOf(request, params.context);
  const answer = await directoryFormAction(db(), user, request, context, (organizationId) =>
    directoryReviewHref(context, returnTo, { saved: String(organizationId) }),
  );
  if (answer !== "close") return answer;
  await closeDirectoryReminder(db(), user, context);
  throw redirect(returnTo);
}

export default function DirectoryReview() {
  const { review, editing, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <DirectoryReviewModal
      // A reloaded list starts with fresh choices.
      key={`${review.locations.map((l) => l.id).join(",")}:${editing}`}
      review={review}
      editing={editing}
      saved={saved}
      searched={answer && "search" in answer ? answer.search : undefined}
      failure={
        answer && "failure" in answer ? { key: answer.failure, organizationId: answer.organizationId } : undefined
      }
    />
  );
}
