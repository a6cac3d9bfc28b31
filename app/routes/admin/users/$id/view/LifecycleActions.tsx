import { Link, useLocation, useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import type { ReactNode } from "react";
import { useTranslation } from "~/translate/react";
import { Modal } from "~/ui/Modal";
import { FieldError } from "~/ui/FieldError";
import { withSearchParam } from "~/ui/search-params";
import { DEACTIVATION_REASONS } from "~/users/lifecycle";

/** The outcomes a redirect reports with ?done=. */
const DONE = new Set([
  "deactivated",
  "activated",
  "sessionsEnded",
  "verificationSent",
  "resyncSent",
  "exemptSaved",
  "exemptEnded",
]);

/**
 * Resend verification and force resync (no confirmation: they only send again). Deactivate (with a reason) and activate, each behind a confirmation addressed by ?confirm=, so
 * both work without JavaScript; the outcome shows as a status line after the redirect (?done=).
 */
export function LifecycleActions(props: {
  name: string;
  active: boolean;
  /** admin:users:write: activate, deactivate, delete. */
  canChangeStatus: boolean;
  /** The user has not verified yet and the administrator may edit: a new verification e-mail. */
  canResend: boolean;
  /** Downstream targets are configured and the administrator may edit: push the user to them again. */
  canResync: boolean;
  /** The administrator's own account: no deactivate, activate or delete here (issue #30), and why. */
  self: boolean;
  reasonError?: string;
  refusal?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const confirm = params.get("confirm");
  const done = params.get("done");
  // Opening or closing a dialog drops the last outcome's status line.
  const withoutDone = {
    pathname: location.pathname,
    search: withSearchParam(location, "done", null).slice(location.pathname.length),
  };
  const close = withSearchParam(withoutDone, "confirm", null);
  const open = (which: string) => withSearchParam(withoutDone, "confirm", which);
  return (
    <>
      {props.refusal && (
        <p role="alert" className="form-error">
          {t(props.refusal)}
        </p>
      )}
      {done && DONE.has(done) && (
        <p role="status" className="notice notice--success">
          {t(`adminUsers.${done}`)}
        </p>
      )}
      {props.self && props.canChangeStatus && <p className="notice">{t("adminUsers.selfChangeRefused")}</p>}
      <section aria-labelledby="user-actions-title" className="user-actions">
        <h2 id="user-actions-title" className="visually-hidden">
          {t("adminUsers.actions")}
        </h2>
        {(
          [
            ["resend", props.canResend],
            ["resync", props.canResync],
          ] as const
        ).map(([intent, allowed]) =>
          allowed ? (
            <Form key={intent} method="post" action={location.pathname + location.search} preventScrollReset>
              <input type="hidden" name="intent" value={intent} />
              <button type="submit" className="button button--secondary">
                {t(`adminUsers.${intent}`)}
              </button>
            </Form>
          ) : null,
        )}
        {props.self || !props.canChangeStatus ? null : props.active ? (
          <Link to={open("deactivate")} className="button button--danger" preventScrollReset>
            {t("adminUsers.deactivate")}
          </Link>
        ) : (
          <Link to={open("activate")} className="button" preventScrollReset>
            {t("adminUsers.activate")}
          </Link>
        )}
        {!props.self && props.canChangeStatus && (
          <Link to={open("delete")} className="button button--secondary" preventScrollReset>
            {t("adminUsers.delete")}
          </Link>
        )}
      </section>
      {confirm === "deactivate" && props.active && !props.self && props.canChangeStatus && (
        <ActionDialog
          which="deactivate"
          text={t("adminUsers.deactivateText", { name: props.name })}
          closeTo={close}
          danger
        >
          <div className="field">
            <label htmlFor="deactivation-reason">{t("adminUsers.reason")}</label>
            <select
              id="deactivation-reason"
              name="reason"
              defaultValue=""
              aria-required="true"
              aria-invalid={props.reasonError ? true : undefined}
              aria-describedby={props.reasonError ? "deactivation-reason-error" : undefined}
            >
              <option value="">{t("common.selectOption")}</option>
              {DEACTIVATION_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`adminUsers.reasons.${reason}`)}
                </option>
              ))}
            </select>
            <FieldError id="deactivation-reason-error" errors={props.reasonError ? [props.reasonError] : undefined} />
          </div>
        </ActionDialog>
      )}
      {confirm === "delete" && !props.self && props.canChangeStatus && (
        <ActionDialog which="delete" text={t("adminUsers.deleteText", { name: props.name })} closeTo={close} danger />
      )}
      {confirm === "activate" && !props.active && !props.self && props.canChangeStatus && (
        <ActionDialog which="activate" text={t("adminUsers.activateText", { name: props.name })} closeTo={close} />
      )}
    </>
  );
}

/** A confirmation that posts its intent (and the fields inside it) to this page: deactivate or activate. */
function ActionDialog(props: {
  which: "deactivate" | "activate" | "delete";
  text: string;
  closeTo: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const submitting = useNavigation().state === "submitting";
  return (
    <Modal
      title={t(`adminUsers.${props.which}Title`)}
      titleId={`${props.which}-title`}
      closeTo={props.closeTo}
      closeLabel={t("common.close")}
    >
      <Form method="post" action={location.pathname + location.search}>
        <p>{props.text}</p>
        <input type="hidden" name="intent" value={props.which} />
        {props.children}
        <div className="modal__actions">
          <Link to={props.closeTo} className="button button--secondary" preventScrollReset>
            {t("common.cancel")}
          </Link>
          <button type="submit" className={props.danger ? "button button--danger" : "button"} disabled={submitting}>
            {t(`adminUsers.${props.which}Button`)}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
