import { useTranslation } from "~/translate/react";
import { titleMeta } from "~/shell/page-title";

export const meta = titleMeta("offline.title");

/**
 * The page the service worker shows for a page never saved, when the network is gone (issue #6
 * §2). It is fetched without cookies, so it carries no one's data. "Try again" reloads the
 * address the user asked for (the offline page is served in its place).
 */
export default function Offline() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t("offline.title")}</h1>
      <p>{t("offline.text")}</p>
      {/* Hidden as rendered: the service worker shows it with the count of the user's waiting posts (issue #34). */}
      <p className="notice notice--warning" data-queued-changes data-testid="offline-queued" hidden>
        {t("offlineQueue.waitingOnThisDevice")} <span data-queued-count>0</span>
      </p>
      <p>
        {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- an empty href reloads the address asked for */}
        <a href="" className="button">
          {t("offline.retry")}
        </a>{" "}
        <a href="/" className="button button--secondary">
          {t("offline.home")}
        </a>
      </p>
    </div>
  );
}
