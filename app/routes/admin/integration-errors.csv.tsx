import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestTimeZone } from "~/i18n/time-zone.server";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { csvFileName, csvResponse } from "~/lists/csv.server";
import { requestTranslator } from "~/i18n/i18next.server";
import { everyIntegrationError } from "~/integrations/errors.server";
import { INTEGRATION_ERROR_CSV_COLUMNS, integrationErrorQueryOf } from "~/integrations/report";

/** GET /admin/integration-errors.csv: the filtered report (filters, search, sort), every page; guarded and scoped like the screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const query = integrationErrorQueryOf(new URL(request.url).searchParams, requestTimeZone(request, user));
  const t = await requestTranslator(request);
  const header = INTEGRATION_ERROR_CSV_COLUMNS.map((key) => t(`integrationErrors.${key}`));
  async function* rows() {
    for await (const row of everyIntegrationError(db(), user, query)) {
      yield INTEGRATION_ERROR_CSV_COLUMNS.map((key) => row[key]);
    }
  }
  return csvResponse(csvFileName("integration-errors"), header, rows());
}
