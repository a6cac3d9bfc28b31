import { Link, useRevalidator } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { useDateFormats } from "~/i18n/date-format";
import { useReadOnly } from "~/ui/read-only";
import type { FeedItem } from "~/announcements/announcements.server";

/** SPEC §2 Announcements list: unread and read views; opening or marking one read moves it (form posts). */
export function AnnouncementFeed({
  unread,
  read,
  view,
}: {
  unread: FeedItem[];
  read: FeedItem[];
  view: "unread" | "read";
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const items = view === "read" ? read : unread;
  const date = useDateFormats().date;
  // Read-only (a preview): the announcements without opening or marking them, which would act as the viewer.
  const readOnly = useReadOnly();
  return (
    <section className="announcements" aria-labelledby="announcements-title">
      <h2 id="announcements-title">{t("announcements.title")}</h2>
      <nav className="tabs" aria-label={t("announcements.views")}>
        <Link to="?announcements=unread" aria-current={view === "unread" ? "page" : undefined} preventScrollReset>
          {t("announcements.unread", { count: unread.length })}
        </Link>
        <Link to="?announcements=read" aria-current={view === "read" ? "page" : undefined} preventScrollReset>
          {t("announcements.read", { count: read.length })}
        </Link>
      </nav>
      {items.length === 0 ? (
        <p className="empty-state">{t(view === "read" ? "announcements.noRead" : "announcements.noUnread")}</p>
      ) : (
        <ul className="announcement-list">
          {items.map((item) => {
            const awaitsAcknowledgement = item.requiresAcknowledgement && !item.acknowledged;
            return (
              <li key={item.id} className={`announcement announcement--${item.priority}`} data-testid="announcement">
                <h3>{item.title}</h3>
                {awaitsAcknowledgement && (
                  <p className="notice notice--warning announcement__acknowledge">
                    {t("announcements.acknowledgementRequired")}
                  </p>
                )}
                {item.acknowledged && (
                  <p className="announcement__meta">
                    <span className="badge badge--success">{t("announcements.acknowledged")}</span>
                  </p>
                )}
                <p className="announcement__meta">
                  {t(`announcements.priority.${item.priority}`)} ·{" "}
                  {t("announcements.published", { date: date.format(new Date(item.startDate)) })}
                </p>
                {item.description && (
                  <p className="announcement__note">
                    <strong>{t("announcements.internalNote")}:</strong> {item.description}
                  </p>
                )}
                {/* Content is sanitised HTML (app/announcements/sanitize.ts), cleaned when saved. */}
                <div className="announcement__content" dangerouslySetInnerHTML={{ __html: item.content }} />
                {!readOnly && (
                  <div className="announcement__actions">
                    <a
                      href={`/announcements/${item.id}/open`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="button button--small"
                      aria-label={`${t("announcements.open")}: ${item.title} (${t("launcher.newTab")})`}
                      onClick={() => window.setTimeout(() => revalidator.revalidate(), 800)}
                    >
                      {t("announcements.open")}
                    </a>
                    {awaitsAcknowledgement ? (
                      <FeedAction item={item} view={view} intent="acknowledge" />
                    ) : (
                      view === "unread" && <FeedAction item={item} view={view} intent="markRead" />
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** An item's form post: mark read, or (issue #40 §3) "I have read this" — the primary button. */
function FeedAction({
  item,
  view,
  intent,
}: {
  item: FeedItem;
  view: "unread" | "read";
  intent: "markRead" | "acknowledge";
}) {
  const { t } = useTranslation();
  const label = t(intent === "acknowledge" ? "announcements.acknowledge" : "announcements.markRead");
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="announcementId" value={item.id} />
      <input type="hidden" name="view" value={view} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={intent === "acknowledge" ? "button button--small" : "button button--small button--secondary"}
        aria-label={`${label}: ${item.title}`}
      >
        {label}
      </button>
    </Form>
  );
}
