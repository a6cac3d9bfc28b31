import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { applicationListOptionsOf, everyListedApplication } from "~/applications/applications.server";
import { csvFileName, csvResponse } from "~/lists/csv.server";
import { requestTranslator } from "~/i18n/i18next.server";

/** GET /admin/applications.csv: the filtered applications list the user sees (search, sort) as CSV, every page; guarded like the list. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const { options } = applicationListOptionsOf(new URL(request.url).searchParams);
  const t = await requestTranslator(request);
  const header = ["displayName", "name", "brand", "region", "categories", "link"].map((key) =>
    t(`adminApplications.${key}`),
  );
  async function* rows() {
    for await (const row of everyListedApplication(db(), user, options)) {
      yield [
        row.displayName,
        row.name,
        t(`brands.${row.brandId}`),
        t(`regions.${row.regionCode}`),
        row.categories.join(", "),
        row.link,
      ];
    }
  }
  return csvResponse(csvFileName("applications"), header, rows());
}
