import { Link } from "@remix-run/react";
import { Form } from "./Form";
import type { ComponentProps, ReactNode } from "react";
import type { SanitizedHtml } from "~/ui/sanitized-html";
import { Modal } from "./Modal";

/** The modal's confirm button: a form post (to this page's action unless `action` says otherwise). */
export interface ModalConfirm {
  label: string;
  action?: string;
  /** Hidden fields of the post (the `intent`, the record's id …). */
  fields?: Record<string, string>;
  danger?: boolean;
}

/** A modal's text, or its HTML — only sanitised HTML, a type the server's sanitiser makes. */
export function ModalContent({ text, html }: { text?: string; html?: SanitizedHtml }) {
  return (
    <>
      {text && <p>{text}</p>}
      {html && <div className="modal__html" dangerouslySetInnerHTML={{ __html: html }} />}
    </>
  );
}

/**
 * A modal's buttons: exit and cancel as links (cancel closes; leave it out when the modal is
 * unclosable), confirm as the submit of a post with its hidden fields, disabled while
 * `confirmDisabled` (SPEC §3 isConfirmDisabled, or loading).
 */
export function ModalActions(props: {
  confirm?: ModalConfirm;
  confirmDisabled?: boolean;
  cancel?: { label: string; to: string };
  exit?: { label: string; to: string };
}) {
  const links = (
    <>
      {props.exit && (
        <Link to={props.exit.to} className="button button--secondary">
          {props.exit.label}
        </Link>
      )}
      {props.cancel && (
        <Link to={props.cancel.to} className="button button--secondary" preventScrollReset>
          {props.cancel.label}
        </Link>
      )}
    </>
  );
  if (!props.confirm) return <div className="modal__actions">{links}</div>;
  const { confirm } = props;
  return (
    <Form method="post" action={confirm.action} className="modal__actions">
      {Object.entries(confirm.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {links}
      <button
        type="submit"
        className={confirm.danger ? "button button--danger" : "button"}
        disabled={props.confirmDisabled}
      >
        {confirm.label}
      </button>
    </Form>
  );
}

/**
 * The generic modal of SPEC §2 in one piece: the Modal frame with its text or HTML, an optional
 * component (children) and its buttons. Cancel is hidden when unclosable; loading disables Confirm.
 */
export function ConfirmModal(
  props: Omit<ComponentProps<typeof Modal>, "children"> & {
    text?: string;
    html?: SanitizedHtml;
    children?: ReactNode;
    confirm?: ModalConfirm;
    confirmDisabled?: boolean;
    cancelLabel?: string;
    exit?: { label: string; to: string };
  },
) {
  const { text, html, children, confirm, confirmDisabled, cancelLabel, exit, ...frame } = props;
  const closable = !frame.unclosable && !frame.loading;
  return (
    <Modal {...frame}>
      <ModalContent text={text} html={html} />
      {children}
      <ModalActions
        confirm={confirm}
        confirmDisabled={Boolean(confirmDisabled || frame.loading)}
        cancel={closable && cancelLabel ? { label: cancelLabel, to: frame.closeTo } : undefined}
        exit={exit}
      />
    </Modal>
  );
}
