import { useTranslation } from "~/translate/react";
import { useDateFormats } from "~/i18n/date-format";
import { DataTable, type Column } from "~/ui/DataTable";
import type { NetworkRowData } from "./NetworkTable";

export interface NetworkLocationData extends NetworkRowData {
  dealer: string | null;
  requiredRoles: number;
  filledRoles: number;
  lastReviewAt: string | null;
  reviewer: string | null;
}

/** Issue #40 §1: the locations behind a figure, with every figure of each (its CSV has them too). */
export function NetworkLocationList({
  rows,
  total,
  page,
  pageCount,
}: {
  rows: readonly NetworkLocationData[];
  total: number;
  page: number;
  pageCount: number;
}) {
  const { t } = useTranslation();
  const { date } = useDateFormats();
  const columns: Column<NetworkLocationData>[] = [
    {
      key: "location",
      label: t("network.columns.location"),
      render: (row) => (
        <>
          {row.name}
          {row.dealer && <span className="cell-note">{row.dealer}</span>}
        </>
      ),
    },
    {
      key: "brandRegion",
      label: t("network.columns.brandRegion"),
      render: (row) => `${t(`brands.${row.brandId}`)} – ${t(`regions.${row.regionCode}`)}`,
    },
    {
      key: "directory",
      label: t("network.columns.directory"),
      render: (row) => t("network.filledOf", { filled: row.filledRoles, required: row.requiredRoles }),
    },
    {
      key: "lastReview",
      label: t("network.columns.lastReview"),
      render: (row) =>
        row.lastReviewAt
          ? t("network.reviewedBy", {
              date: date.format(new Date(row.lastReviewAt)),
              name: row.reviewer ?? t("network.unknownReviewer"),
            })
          : t("network.neverReviewed"),
    },
    { key: "active", label: t("network.columns.active"), render: (row) => row.active },
    { key: "neverSignedIn", label: t("network.columns.neverSignedIn"), render: (row) => row.neverSignedIn },
    { key: "dormant", label: t("network.columns.dormant"), render: (row) => row.dormant },
    { key: "dueSoon", label: t("network.columns.dueSoon"), render: (row) => row.dueSoon },
    { key: "integrationErrors", label: t("network.columns.integrationErrors"), render: (row) => row.integrationErrors },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.locationId ?? 0}
      count={t("network.counts.dealer", { count: total })}
      sort={{ sortBy: "location", sortType: "asc" }}
      page={page}
      pageCount={pageCount}
      rowTestId="network-location"
    />
  );
}
