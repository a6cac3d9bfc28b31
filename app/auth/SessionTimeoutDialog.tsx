import { useTranslation } from "~/translate/react";
import { Modal } from "~/ui/Modal";
import { countdownText } from "./session-timeout";

/** The warning itself: "Stay logged in" (focused) or sign out, and the mm:ss countdown when on. */
export function SessionTimeoutDialog(props: {
  remainingMs: number;
  countdown: boolean;
  closeTo: string;
  onStay: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t("session.warningTitle")}
      titleId="session-timeout-title"
      closeTo={props.closeTo}
      closeLabel={t("common.close")}
      unclosable
    >
      <p>{t("session.warningText")}</p>
      {props.countdown && (
        <p className="session-timeout__countdown" role="timer" aria-live="off">
          {t("session.timeRemaining", { time: countdownText(props.remainingMs) })}
        </p>
      )}
      {/* The safe choice first: focus lands on it. */}
      <div className="modal__actions">
        <button type="button" className="button" onClick={props.onStay}>
          {t("session.stayLoggedIn")}
        </button>
        <button type="button" className="button button--secondary" onClick={props.onSignOut}>
          {t("profile.signOut")}
        </button>
      </div>
    </Modal>
  );
}
