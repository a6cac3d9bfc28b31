import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { tableStateOf } from "~/lists/table-state";
import { requireRouteAccess, type PortalUser } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { logger } from "~/logger.server";
import { readFormData } from "~/security/form-body.server";
import { inSiteRedirectTarget } from "~/security/redirect-target";
import { titleMeta } from "~/shell/page-title";
import { attestationUsers, confirmAttestation, disableAccounts } from "~/security-review/security-review.server";
import { ATTESTATION_SORTS, selectedForDisabling } from "~/security-review/rules";
import { securityReviewSchema } from "~/security-review/schema";
import { securityReviewHref } from "~/security-review/routes";
import {
  DisableAccountsConfirm,
  SecurityReviewModal,
  type SecurityReviewData,
} from "~/security-review/SecurityReviewModal";

export const meta = titleMeta("securityReview.title");

/** The review's frame from the address: where to go back to, and the sort. */
function frameOf(request: Request, user: PortalUser) {
  const params = new URL(request.url).searchParams;
  const returnTo = inSiteRedirectTarget(params.get("returnTo"));
  const { sortBy, sortType } = tableStateOf(params, ATTESTATION_SORTS, { sortBy: "daysSinceLogin", sortType: "desc" });
  // Required at sign-in it cannot be closed; opened on demand it can.
  const closable = !user.access.requiredActions.includes("adminAttestation");
  return { returnTo: returnTo.startsWith("/security-review") ? "/" : returnTo, sort: { sortBy, sortType }, closable };
}

function failureOf(error: unknown, user: PortalUser, what: string): string {
  const message = error instanceof Error ? error.message : String(error);
  logger.error({ err: message, identityId: user.identityId }, `security review: ${what} failed`);
  return message;
}

/**
 * The security review modal as a page (SPEC §2, §4 adminAttestation): where its forms post, the
 * sort links lead, and what opens it on demand. After "Disable accounts" it shows how many.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const frame = frameOf(request, user);
  const disabled = Number(new URL(request.url).searchParams.get("disabled"));
  const disabledCount = Number.isInteger(disabled) && disabled > 0 && disabled < 1000 ? disabled : undefined;
  try {
    const users = await attestationUsers(db(), user);
    return { review: { ...frame, users } satisfies SecurityReviewData, disabledCount, failure: undefined };
  } catch (error) {
    return { review: { ...frame, users: [] }, disabledCount, failure: failureOf(error, user, "list") };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  const frame = frameOf(request, user);
  const submission = parseWithZod(await readFormData(request), { schema: securityReviewSchema });
  if (submission.status !== "success") {
    const proceeding = submission.payload.intent === "proceed";
    const message = proceeding ? "securityReview.accuracyRequired" : "validations.formError";
    return data({ refusal: { intent: proceeding ? "proceed" : "disable", message } } as const, { status: 400 });
  }
  const post = submission.value;
  const back = (extra: Record<string, string> = {}) =>
    securityReviewHref(frame.returnTo, { sortBy: frame.sort.sortBy, sortType: frame.sort.sortType, ...extra });
  try {
    if (post.intent === "proceed") {
      await confirmAttestation(db(), user);
      throw redirect(frame.returnTo);
    }
    const rows = await attestationUsers(db(), user);
    const groups = post.intent === "disable" ? post.groups : [];
    const chosen = selectedForDisabling(rows, { identityIds: post.identityIds, groups });
    if (chosen.length === 0) {
      const refusal = { intent: "disable", message: "securityReview.selectionRequired" } as const;
      return data({ refusal }, { status: 400 });
    }
    if (post.intent === "disable") return { confirm: rows.filter((row) => chosen.includes(row.id)) };
    const { disabled } = await disableAccounts(db(), user, chosen);
    throw redirect(back({ disabled: String(disabled.length) }));
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ failure: failureOf(error, user, post.intent) }, { status: 500 });
  }
}

export default function SecurityReview() {
  const { review, disabledCount, failure } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (answer && "confirm" in answer) return <DisableAccountsConfirm review={review} users={answer.confirm} />;
  return (
    <SecurityReviewModal
      // A new list (after disabling) starts with nothing selected.
      key={review.users.map((u) => u.id).join(",")}
      review={review}
      disabledCount={disabledCount}
      failure={answer && "failure" in answer ? answer.failure : failure}
      refusal={answer && "refusal" in answer ? answer.refusal : undefined}
    />
  );
}
