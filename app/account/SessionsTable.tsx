import type { ReactNode } from "react";
import { useTranslation } from "~/translate/react";
import { useDateFormats } from "~/i18n/date-format";
import { Table, type Column } from "~/ui/DataTable";
import type { ActiveSession } from "./account-security.server";

/** A session's device in words: "Chrome on Linux", one of the two, or "Unknown device". */
export function useDeviceText() {
  const { t } = useTranslation();
  return (device: ActiveSession["device"]) =>
    device.browser && device.system
      ? t("accountSecurity.deviceOn", { browser: device.browser, system: device.system })
      : (device.browser ?? device.system ?? t("accountSecurity.unknownDevice"));
}

/**
 * Where someone is signed in: each session's device, sign-in and last-seen times, and, where the
 * page offers one, an action per session (the account page's own sessions, the user editor's).
 */
export function SessionsTable(props: {
  sessions: readonly ActiveSession[];
  action?: (session: ActiveSession) => ReactNode;
  rowTestId?: string;
}) {
  const { t } = useTranslation();
  const when = useDateFormats().dateTime;
  const deviceText = useDeviceText();
  const columns: Column<ActiveSession>[] = [
    { key: "device", label: t("accountSecurity.device"), render: (session) => deviceText(session.device) },
    {
      key: "signedIn",
      label: t("accountSecurity.signedIn"),
      render: (session) => when.format(new Date(session.signedInAt)),
    },
    {
      key: "lastSeen",
      label: t("accountSecurity.lastSeen"),
      render: (session) => (session.lastSeenAt ? when.format(new Date(session.lastSeenAt)) : "—"),
    },
  ];
  if (props.action)
    columns.push({ key: "actions", label: t("common.actions"), visuallyHidden: true, render: props.action });
  return (
    <Table rows={props.sessions} rowKey={(session) => session.handle} rowTestId={props.rowTestId} columns={columns} />
  );
}
