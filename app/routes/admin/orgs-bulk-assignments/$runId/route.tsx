import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { ImportRunScreen } from "~/imports/components/ImportPages";
import { IMPORT_SCREENS } from "~/imports/screens";
import { importRunData, importStart } from "~/routes/admin/wsr-bulk-assignments/import-screens.server";
import { titleMeta } from "~/shell/page-title";

const screen = IMPORT_SCREENS.organizations;

export const meta = titleMeta(screen.titleKey);

/** One of the administrator's organizations imports: its report, progress or result. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  return importRunData(db(), user, screen, params.runId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  return importStart(db(), user, request, screen, params.runId);
}

export default function OrganizationImportRun() {
  const { run } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <ImportRunScreen screen={screen} run={run} actionError={answer?.error} />;
}
