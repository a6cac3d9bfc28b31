import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { getConfig } from "~/config.server";
import { csvFileName, csvResponse } from "~/lists/csv.server";
import { requestTranslator } from "~/i18n/i18next.server";
import { networkLocations } from "~/network/network.server";
import { networkLevelOf, networkNeedOf } from "~/network/rules";

const COLUMNS = [
  "brand",
  "region",
  "dealer",
  "location",
  "requiredRoles",
  "filledRoles",
  "lastReview",
  "reviewer",
  "reviewOverdue",
  "active",
  "neverSignedIn",
  "dormant",
  "dueSoon",
  "integrationErrors",
] as const;

/**
 * GET /admin/network.csv (issue #40 §1): every location of the dashboard's level — or those behind
 * a figure (`need`) — with all their figures, for a spreadsheet.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const params = new URL(request.url).searchParams;
  const t = await requestTranslator(request);
  const header = COLUMNS.map((key) => t(`network.csvColumns.${key}`));
  const { rows } = await networkLocations(
    db(),
    user.portalScope,
    networkLevelOf(params, user.portalScope),
    networkNeedOf(params),
    {
      now: new Date(),
      periodDays: getConfig().ATTESTATION_PERIOD_DAYS,
    },
  );
  async function* lines() {
    for (const row of rows)
      yield [
        t(`brands.${row.brandId}`),
        t(`regions.${row.regionCode}`),
        row.dealer ?? "",
        row.name ?? "",
        row.requiredRoles,
        row.filledRoles,
        row.lastReviewAt?.toISOString() ?? "",
        row.reviewer ?? "",
        row.reviewOverdue ? t("network.yes") : t("network.no"),
        row.active,
        row.neverSignedIn,
        row.dormant,
        row.dueSoon,
        row.integrationErrors,
      ];
  }
  return csvResponse(csvFileName("dealer-network"), header, lines());
}
