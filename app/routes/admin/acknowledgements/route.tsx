import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { optionalIdParam, recordIdOf } from "~/navigation/id-param";
import { titleMeta } from "~/shell/page-title";
import {
  acknowledgementPeople,
  acknowledgementReceipts,
  acknowledgementSummaries,
  receiptViewerOf,
} from "~/announcements/receipts.server";
import { toAcknowledgements, toAcknowledgementsCsv } from "~/announcements/routes";
import { AcknowledgementList, ReceiptPeople, ReceiptTable } from "~/announcements/components/ReceiptTables";

export const meta = titleMeta("acknowledgements.title");

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * Issue #40 §3: the announcements that must be acknowledged, or one's receipts per dealer and
 * location over the viewer's locations — counts for the maker's managers, names at a location a
 * dealer's administrator administers (`?location=`). One that reaches nobody of theirs is not there.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const viewer = receiptViewerOf(user);
  const id = optionalIdParam(params.id);
  if (id === null) {
    const rows = await acknowledgementSummaries(db(), viewer);
    return {
      list: rows.map((row) => ({
        ...row,
        startDate: row.startDate.toISOString(),
        expirationDate: row.expirationDate.toISOString(),
      })),
      report: null,
      people: null,
    };
  }
  const report = await acknowledgementReceipts(db(), viewer, id);
  if (!report) throw new Response("Not Found", { status: 404 });
  const locationParam = new URL(request.url).searchParams.get("location");
  const locationId = locationParam === null ? null : recordIdOf(locationParam);
  const people = locationId === null ? null : await acknowledgementPeople(db(), viewer, id, locationId);
  // A location whose names are not the viewer's is not there, rather than an empty list.
  if (locationParam !== null && !people) throw new Response("Not Found", { status: 404 });
  return {
    list: null,
    report: { id: report.announcement.id, title: report.announcement.title, rows: report.rows },
    people: people && {
      locationId: locationId!,
      location: people.location,
      rows: people.people.map((p) => ({ ...p, readAt: iso(p.readAt), acknowledgedAt: iso(p.acknowledgedAt) })),
    },
  };
}

export default function Acknowledgements() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (!data.report)
    return (
      <div className="page">
        <div className="page__header">
          <h1>{t("acknowledgements.title")}</h1>
        </div>
        <p className="lead">{t("acknowledgements.intro")}</p>
        <AcknowledgementList rows={data.list ?? []} />
      </div>
    );
  const { report, people } = data;
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t("acknowledgements.reportTitle", { title: report.title })}</h1>
      </div>
      <p>
        <Link to={toAcknowledgements()}>{t("acknowledgements.backToList")}</Link>
      </p>
      {people ? (
        <section aria-labelledby="receipt-people">
          <h2 id="receipt-people">{t("acknowledgements.peopleTitle", { location: people.location })}</h2>
          <p className="print-hidden">
            <Link to={toAcknowledgements(report.id)}>{t("acknowledgements.backToReport")}</Link>{" "}
            <a
              className="button button--secondary"
              href={toAcknowledgementsCsv(report.id, { location: people.locationId })}
            >
              {t("acknowledgements.downloadCsv")}
            </a>
          </p>
          <ReceiptPeople people={people.rows} />
        </section>
      ) : (
        <section aria-labelledby="receipt-report">
          <h2 id="receipt-report">{t("acknowledgements.perLocation")}</h2>
          <p className="print-hidden">
            <a className="button button--secondary" href={toAcknowledgementsCsv(report.id)}>
              {t("acknowledgements.downloadCsv")}
            </a>
          </p>
          <ReceiptTable id={report.id} rows={report.rows} />
        </section>
      )}
    </div>
  );
}
