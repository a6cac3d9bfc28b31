import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { csvFileName, csvResponse } from "~/lists/csv.server";
import { requestTranslator } from "~/i18n/i18next.server";
import { recordIdOf, requiredIdParam } from "~/navigation/id-param";
import { acknowledgementPeople, acknowledgementReceipts, receiptViewerOf } from "~/announcements/receipts.server";

/**
 * GET /admin/acknowledgements/:id/receipts.csv (issue #40 §3): the receipt report per dealer and
 * location — or, with `location`, who there read and acknowledged, where the viewer may see names.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const viewer = receiptViewerOf(user);
  const id = requiredIdParam(params.id);
  const t = await requestTranslator(request);
  const locationParam = new URL(request.url).searchParams.get("location");
  if (locationParam !== null) {
    const locationId = recordIdOf(locationParam);
    const found = locationId === null ? null : await acknowledgementPeople(db(), viewer, id, locationId);
    if (!found) throw new Response("Not Found", { status: 404 });
    const header = ["location", "name", "email", "readAt", "acknowledgedAt"].map((key) =>
      t(`acknowledgements.csvColumns.${key}`),
    );
    async function* people() {
      for (const person of found!.people)
        yield [
          found!.location,
          person.name,
          person.email,
          person.readAt?.toISOString() ?? "",
          person.acknowledgedAt?.toISOString() ?? "",
        ];
    }
    return csvResponse(csvFileName("announcement-receipts"), header, people());
  }
  const report = await acknowledgementReceipts(db(), viewer, id);
  if (!report) throw new Response("Not Found", { status: 404 });
  const header = ["dealer", "location", "targeted", "read", "acknowledged"].map((key) =>
    t(`acknowledgements.csvColumns.${key}`),
  );
  async function* rows() {
    for (const row of report!.rows)
      yield [
        row.level === "total" ? t("acknowledgements.total") : (row.dealer ?? ""),
        row.location ?? "",
        row.targeted,
        row.read,
        row.acknowledged,
      ];
  }
  return csvResponse(csvFileName("announcement-receipts"), header, rows());
}
