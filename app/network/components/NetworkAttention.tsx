import { useTranslation } from "~/translate/react";
import { useDateFormats } from "~/i18n/date-format";
import { DAY_MS } from "~/limits";
import { reviewDaysOverdue } from "../rules";

export interface GapData {
  locationId: number;
  location: string;
  dealer: string | null;
  role: string;
  since: string;
  escalatedAt: string | null;
}

export interface OverdueData {
  locationId: number;
  location: string;
  dealer: string | null;
  lastReviewAt: string | null;
  reviewer: string | null;
}

/**
 * Issue #40 §1: what needs attention in this part of the network — the required directory roles
 * unfilled longest, since when, and the most overdue security reviews, last confirmed when and by whom.
 */
export function NetworkAttention({
  gaps,
  overdue,
  now,
  periodDays,
}: {
  gaps: readonly GapData[];
  overdue: readonly OverdueData[];
  now: string;
  periodDays: number;
}) {
  const { t } = useTranslation();
  const { date } = useDateFormats();
  const at = new Date(now);
  const place = (row: { location: string; dealer: string | null }) =>
    row.dealer ? t("network.placeOfDealer", { location: row.location, dealer: row.dealer }) : row.location;
  return (
    <div className="network__attention">
      <section aria-labelledby="network-gaps">
        <h2 id="network-gaps">{t("network.gapsTitle")}</h2>
        {gaps.length === 0 ? (
          <p className="empty-state">{t("network.gapsEmpty")}</p>
        ) : (
          <ul className="network__list" data-testid="network-gaps">
            {gaps.map((gap) => (
              <li key={`${gap.locationId}-${gap.role}`}>
                {t("network.gap", {
                  role: gap.role,
                  place: place(gap),
                  date: date.format(new Date(gap.since)),
                  count: Math.max(0, Math.floor((at.getTime() - new Date(gap.since).getTime()) / DAY_MS)),
                })}
                {gap.escalatedAt && (
                  <span className="badge badge--warning" data-testid="network-escalated">
                    {t("network.escalatedOn", { date: date.format(new Date(gap.escalatedAt)) })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="network-overdue">
        <h2 id="network-overdue">{t("network.overdueTitle")}</h2>
        {overdue.length === 0 ? (
          <p className="empty-state">{t("network.overdueEmpty")}</p>
        ) : (
          <ul className="network__list" data-testid="network-overdue">
            {overdue.map((row) => {
              const last = row.lastReviewAt ? new Date(row.lastReviewAt) : null;
              return (
                <li key={row.locationId}>
                  {last
                    ? t("network.overdueSince", {
                        place: place(row),
                        date: date.format(last),
                        name: row.reviewer ?? t("network.unknownReviewer"),
                        count: reviewDaysOverdue(last, at, periodDays) ?? 0,
                      })
                    : t("network.overdueNever", { place: place(row) })}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
