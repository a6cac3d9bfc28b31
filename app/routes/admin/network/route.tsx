import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { getConfig } from "~/config.server";
import { pageParam } from "~/lists/table-state";
import { useDateFormats } from "~/i18n/date-format";
import { titleMeta } from "~/shell/page-title";
import { networkDashboard, networkLocations } from "~/network/network.server";
import { networkLevelOf, networkNeedOf, type NetworkLevel } from "~/network/rules";
import { toNetwork } from "~/network/routes";
import { toAcknowledgements } from "~/announcements/routes";
import { NetworkTable } from "~/network/components/NetworkTable";
import { NetworkAttention } from "~/network/components/NetworkAttention";
import { NetworkLocationList } from "~/network/components/NetworkLocationList";

export const meta = titleMeta("network.title");

/** The locations a list behind a figure shows per page. */
const LOCATIONS_PER_PAGE = 50;

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * Issue #40 §1: the dealer network of the holder's brands and regions, from the job's figures —
 * per brand and region, per dealer, per location — or, with `need`, the locations behind a figure.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const params = new URL(request.url).searchParams;
  const level = networkLevelOf(params, user.portalScope);
  const need = networkNeedOf(params);
  const now = new Date();
  const periodDays = getConfig().ATTESTATION_PERIOD_DAYS;
  const board = await networkDashboard(db(), user.portalScope, level, { now, periodDays });
  const common = { level, now: now.toISOString(), periodDays, dealerName: board.dealerName };
  if (need) {
    const page = pageParam(params.get("page"));
    const list = await networkLocations(db(), user.portalScope, level, need, {
      now,
      periodDays,
      limit: LOCATIONS_PER_PAGE,
      offset: (page - 1) * LOCATIONS_PER_PAGE,
    });
    const rows = list.rows.map((row) => ({ ...row, lastReviewAt: iso(row.lastReviewAt) }));
    return { ...common, need, refreshedAt: iso(board.refreshedAt), list: { ...list, rows, page }, board: null };
  }
  return {
    ...common,
    need: null,
    refreshedAt: iso(board.refreshedAt),
    list: null,
    board: {
      rows: board.rows,
      gaps: board.gaps.map((gap) => ({ ...gap, since: gap.since.toISOString(), escalatedAt: iso(gap.escalatedAt) })),
      overdue: board.overdue.map((row) => ({ ...row, lastReviewAt: iso(row.lastReviewAt) })),
    },
  };
}

/** Where the page stands: the network, a brand in a region, a dealer — each a link up. */
function Breadcrumb({ level, dealerName }: { level: NetworkLevel; dealerName: string | null }) {
  const { t } = useTranslation();
  const steps: { label: string; to: string }[] = [{ label: t("network.top"), to: toNetwork() }];
  if (level.kind !== "network")
    steps.push({
      label: `${t(`brands.${level.brandId}`)} – ${t(`regions.${level.regionCode}`)}`,
      to: toNetwork({ brandId: level.brandId, region: level.regionCode }),
    });
  if (level.kind === "dealer")
    steps.push({
      label: dealerName ?? t("network.noDealer"),
      to: toNetwork({ brandId: level.brandId, region: level.regionCode, dealer: level.dealerId }),
    });
  return (
    <nav aria-label={t("network.breadcrumb")} className="breadcrumb">
      <ol>
        {steps.map((step, index) => (
          <li key={step.to}>
            {index === steps.length - 1 ? (
              <span aria-current="page">{step.label}</span>
            ) : (
              <Link to={step.to}>{step.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function levelQuery(level: NetworkLevel) {
  if (level.kind === "network") return {};
  if (level.kind === "brandRegion") return { brandId: level.brandId, region: level.regionCode };
  return { brandId: level.brandId, region: level.regionCode, dealer: level.dealerId };
}

export default function Network() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { dateTime } = useDateFormats();
  return (
    <div className="page network">
      <div className="page__header">
        <h1>{t("network.title")}</h1>
      </div>
      <Breadcrumb level={data.level} dealerName={data.dealerName} />
      <p className="network__freshness" data-testid="network-freshness">
        {data.refreshedAt
          ? t("network.refreshedAt", { time: dateTime.format(new Date(data.refreshedAt)) })
          : t("network.notYet")}{" "}
        <span className="print-hidden">{t("network.printHint")}</span>
      </p>
      <p className="print-hidden">
        <Link to={toAcknowledgements()}>{t("network.acknowledgementsLink")}</Link>
      </p>
      {data.list && data.need ? (
        <section aria-labelledby="network-need">
          <h2 id="network-need">{t(`network.needs.${data.need}`)}</h2>
          <p>
            <Link to={toNetwork(levelQuery(data.level))}>{t("network.backToDashboard")}</Link>
          </p>
          <NetworkLocationList
            rows={data.list.rows}
            total={data.list.total}
            page={data.list.page}
            pageCount={Math.max(1, Math.ceil(data.list.total / LOCATIONS_PER_PAGE))}
          />
        </section>
      ) : (
        data.board && (
          <>
            <NetworkTable rows={data.board.rows} level={data.level} />
            <NetworkAttention
              gaps={data.board.gaps}
              overdue={data.board.overdue}
              now={data.now}
              periodDays={data.periodDays}
            />
          </>
        )
      )}
    </div>
  );
}
