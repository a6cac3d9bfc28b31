import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { csvFileName, csvResponse } from "~/lists/csv.server";
import { requestTranslator } from "~/i18n/i18next.server";
import { reviewHistoryRows } from "~/security-review/security-review.server";

const COLUMNS = ["confirmedAt", "reviewer", "locations", "listed", "disabled"] as const;

/** GET /security-review.csv: the security review history of the administrator's locations (the evidence). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const t = await requestTranslator(request);
  const header = COLUMNS.map((key) => t(`securityReview.historyColumns.${key}`));
  const reviews = await reviewHistoryRows(db(), user);
  async function* rows() {
    for (const review of reviews) yield COLUMNS.map((key) => review[key]);
  }
  return csvResponse(csvFileName("security-reviews"), header, rows());
}
