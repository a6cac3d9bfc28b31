import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { identityImportChoices, identityTemplate } from "~/imports/template.server";

/** The identity import's template, CSV or XLSX, with an example row of the administrator's own. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  if (params.format !== "csv" && params.format !== "xlsx") throw new Response("Not Found", { status: 404 });
  const template = await identityTemplate(params.format, await identityImportChoices(db(), user.identityId));
  return new Response(Buffer.from(template.body), {
    headers: {
      "Content-Type": template.contentType,
      "Content-Disposition": `attachment; filename="${template.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
