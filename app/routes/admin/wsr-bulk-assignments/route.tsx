import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { ImportUploadPage } from "~/imports/components/ImportPages";
import { IMPORT_SCREENS } from "~/imports/screens";
import { importScreenData, importUpload } from "~/routes/admin/wsr-bulk-assignments/import-screens.server";
import { titleMeta } from "~/shell/page-title";

const screen = IMPORT_SCREENS.identities;

export const meta = titleMeta(screen.titleKey);

/** SPEC §2 bulk import of identities: the templates, the columns, one file's upload, the latest runs. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  return importScreenData(db(), user, screen);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  return importUpload(db(), user, request, screen);
}

export default function IdentityBulkImport() {
  const { runs } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <ImportUploadPage screen={screen} runs={runs} fileError={answer?.fileError} />;
}
