import { Link } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { DataTable, type Column } from "~/ui/DataTable";
import { BarChart } from "~/ui/BarChart";
import type { LinkQuery } from "~/ui/href";
import { percentOf, type NetworkLevel, type NetworkNeed, type NetworkRow } from "../rules";
import { toNetwork } from "../routes";

/** A row of the dashboard as the page receives it. */
export type NetworkRowData = NetworkRow;

/** The part of the network a row stands for, as the query of its links; null for a location (nothing below it). */
function scopeOfRow(row: NetworkRowData, level: NetworkLevel): LinkQuery | null {
  if (level.kind === "network") return { brandId: row.brandId, region: row.regionCode };
  if (level.kind === "brandRegion") return { brandId: row.brandId, region: row.regionCode, dealer: row.dealerId ?? 0 };
  return null;
}

/** A row's name: the brand in its region, the dealer, or the location. */
export function useRowName() {
  const { t } = useTranslation();
  return (row: NetworkRowData) =>
    row.dealerId === null && row.locationId === null
      ? `${t(`brands.${row.brandId}`)} – ${t(`regions.${row.regionCode}`)}`
      : (row.name ?? t("network.noDealer"));
}

/**
 * Issue #40 §1: the figures of each brand and region, dealer or location, every figure a link to
 * the locations behind it, with two bar charts of the same figures.
 */
export function NetworkTable({ rows, level }: { rows: readonly NetworkRowData[]; level: NetworkLevel }) {
  const { t } = useTranslation();
  const nameOf = useRowName();
  const figure = (need: NetworkNeed, value: (row: NetworkRowData) => number, text?: (row: NetworkRowData) => string) =>
    function Figure(row: NetworkRowData) {
      const scope = scopeOfRow(row, level);
      const shown = text ? text(row) : String(value(row));
      if (!scope || value(row) === 0) return shown;
      return (
        // The visible figure first, then what it leads to for a screen reader (the name holds the text, WCAG 2.5.3).
        <Link to={toNetwork({ ...scope, need })}>
          {shown}
          <span className="visually-hidden"> – {t(`network.needLinks.${need}`, { name: nameOf(row) })}</span>
        </Link>
      );
    };
  const incomplete = (row: NetworkRowData) => row.locations - row.complete;
  const columns: Column<NetworkRowData>[] = [
    {
      key: "name",
      label: t(`network.levels.${level.kind}`),
      render: (row) => {
        const scope = scopeOfRow(row, level);
        return scope ? <Link to={toNetwork(scope)}>{nameOf(row)}</Link> : nameOf(row);
      },
    },
    // A location is one location: the count says something from the dealer up.
    ...(level.kind === "dealer"
      ? []
      : [{ key: "locations", label: t("network.columns.locations"), render: (row: NetworkRowData) => row.locations }]),
    {
      key: "complete",
      label: t("network.columns.complete"),
      render: figure("incomplete", incomplete, (row) =>
        t("network.completeOf", { complete: row.complete, locations: row.locations }),
      ),
    },
    {
      key: "reviewOverdue",
      label: t("network.columns.reviewOverdue"),
      render: figure("reviewOverdue", (row) => row.reviewOverdue),
    },
    { key: "active", label: t("network.columns.active"), render: (row) => row.active },
    {
      key: "neverSignedIn",
      label: t("network.columns.neverSignedIn"),
      render: figure("neverSignedIn", (row) => row.neverSignedIn),
    },
    { key: "dormant", label: t("network.columns.dormant"), render: figure("dormant", (row) => row.dormant) },
    { key: "dueSoon", label: t("network.columns.dueSoon"), render: figure("dueSoon", (row) => row.dueSoon) },
    {
      key: "integrationErrors",
      label: t("network.columns.integrationErrors"),
      render: figure("integrationErrors", (row) => row.integrationErrors),
    },
  ];
  return (
    <>
      {rows.length > 0 && (
        <div className="network__charts">
          <BarChart
            title={t("network.charts.complete")}
            max={100}
            bars={rows.map((row) => ({
              label: nameOf(row),
              value: percentOf(row.complete, row.locations),
              text: t("network.percent", { value: percentOf(row.complete, row.locations) }),
            }))}
          />
          <BarChart
            title={t("network.charts.reviewOverdue")}
            bars={rows.map((row) => ({ label: nameOf(row), value: row.reviewOverdue }))}
          />
        </div>
      )}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => `${row.brandId}-${row.regionCode}-${row.dealerId ?? 0}-${row.locationId ?? 0}`}
        count={t(`network.counts.${level.kind}`, { count: rows.length })}
        sort={{ sortBy: "name", sortType: "asc" }}
        page={1}
        pageCount={1}
        className="network__table"
      />
    </>
  );
}
