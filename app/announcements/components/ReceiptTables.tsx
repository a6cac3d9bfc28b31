import { Link } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { useDateFormats } from "~/i18n/date-format";
import { percentOf } from "~/network/rules";
import { toAcknowledgements } from "~/announcements/routes";
import type { ReceiptCounts, ReceiptRow } from "~/announcements/receipts.server";

function CountCells({ row }: { row: ReceiptCounts }) {
  const { t } = useTranslation();
  return (
    <>
      <td className="number">{row.targeted}</td>
      <td className="number">{row.read}</td>
      <td className="number">{row.acknowledged}</td>
      <td className="number">{t("network.percent", { value: percentOf(row.acknowledged, row.targeted) })}</td>
    </>
  );
}

const COUNT_HEADERS = ["targeted", "read", "acknowledged", "acknowledgedShare"] as const;

function CountHeaders() {
  const { t } = useTranslation();
  return (
    <>
      {COUNT_HEADERS.map((key) => (
        <th key={key} scope="col" className="number">
          {t(`acknowledgements.${key}`)}
        </th>
      ))}
    </>
  );
}

/** The announcements that must be acknowledged, with their totals over the viewer's locations. */
export function AcknowledgementList({
  rows,
}: {
  rows: (ReceiptCounts & { id: number; title: string; language: string; startDate: string; expirationDate: string })[];
}) {
  const { t } = useTranslation();
  const { date } = useDateFormats();
  if (rows.length === 0) return <p className="empty-state">{t("acknowledgements.empty")}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">{t("acknowledgements.listCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("acknowledgements.announcement")}</th>
            <th scope="col">{t("acknowledgements.language")}</th>
            <th scope="col">{t("acknowledgements.window")}</th>
            <CountHeaders />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="acknowledgement-row">
              <th scope="row">
                <Link to={toAcknowledgements(row.id)}>{row.title}</Link>
              </th>
              <td>{t(`languages.${row.language}`)}</td>
              <td>
                {t("acknowledgements.windowDates", {
                  from: date.format(new Date(row.startDate)),
                  until: date.format(new Date(row.expirationDate)),
                })}
              </td>
              <CountCells row={row} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One announcement's receipts: each dealer's subtotal, then its locations; the total last. */
export function ReceiptTable({ id, rows }: { id: number; rows: readonly ReceiptRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="data-table receipts">
        <caption className="visually-hidden">{t("acknowledgements.reportCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("acknowledgements.dealer")}</th>
            <th scope="col">{t("acknowledgements.location")}</th>
            <CountHeaders />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={`${row.level}-${row.dealerId}-${row.locationId}`}
              className={row.level === "location" ? undefined : "receipts__subtotal"}
              data-testid={`receipt-${row.level}`}
            >
              {row.level === "total" ? (
                <th scope="row" colSpan={2}>
                  {t("acknowledgements.total")}
                </th>
              ) : row.level === "dealer" ? (
                <th scope="row" colSpan={2}>
                  {row.dealer ?? t("acknowledgements.noDealer")}
                </th>
              ) : (
                <>
                  <td>{row.dealer ?? t("acknowledgements.noDealer")}</td>
                  <th scope="row">
                    {row.named && row.locationId !== null ? (
                      <Link to={toAcknowledgements(id, { location: row.locationId })}>{row.location}</Link>
                    ) : (
                      row.location
                    )}
                  </th>
                </>
              )}
              <CountCells row={row} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Who, at one of the dealer administrator's locations, the announcement reaches, and when they read and confirmed. */
export function ReceiptPeople({
  people,
}: {
  people: { id: number; name: string; email: string; readAt: string | null; acknowledgedAt: string | null }[];
}) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormats();
  const when = (value: string | null) => (value ? dateTime.format(new Date(value)) : t("acknowledgements.notYet"));
  if (people.length === 0) return <p className="empty-state">{t("acknowledgements.noPeople")}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">{t("acknowledgements.peopleCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("acknowledgements.name")}</th>
            <th scope="col">{t("acknowledgements.email")}</th>
            <th scope="col">{t("acknowledgements.readAt")}</th>
            <th scope="col">{t("acknowledgements.acknowledgedAt")}</th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.id} data-testid="receipt-person">
              <th scope="row">{person.name}</th>
              <td>{person.email}</td>
              <td>{when(person.readAt)}</td>
              <td>{when(person.acknowledgedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
