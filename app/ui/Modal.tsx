import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";

export { MODAL_ROOT } from "./modal-root";

/**
 * The element named by `container`, once the page is interactive: the server (and a browser
 * without JavaScript) draws the modal where it stands; with JavaScript it moves into the container.
 */
function useContainer(container: string | undefined): HTMLElement | null {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useEffect(() => setTarget(container ? document.getElementById(container) : null), [container]);
  return target;
}

/**
 * The generic modal of SPEC §2, addressable by URL: it is rendered open by the server when its
 * search parameter is present, so it opens, submits and closes without JavaScript (close = a link
 * to `closeTo`). It holds a title and its content: `ModalContent` (text or sanitised HTML),
 * any component, and `ModalActions` (confirm / cancel / exit). It closes by the × or a click
 * outside unless unclosable or loading; loading shows a spinner and a message; `wide` widens it.
 * With JavaScript, focus moves into it, Tab stays inside, and Escape closes it unless unclosable.
 * `container` names the element it is drawn in (SPEC §3), e.g. MODAL_ROOT for one opened from
 * inside a table or a form, which should not sit inside them.
 */
export function Modal(props: {
  title: string;
  titleId: string;
  closeTo: string;
  closeLabel: string;
  unclosable?: boolean;
  onClose?: () => void;
  children?: ReactNode;
  loading?: { message: string };
  wide?: boolean;
  container?: string;
}) {
  const target = useContainer(props.container);
  const modal = <ModalFrame {...props} />;
  return target ? createPortal(modal, target) : modal;
}

function ModalFrame(props: Parameters<typeof Modal>[0]) {
  const ref = useRef<HTMLDivElement>(null);
  const closeLink = useRef<HTMLAnchorElement>(null);
  const unclosable = Boolean(props.unclosable || props.loading);
  const { onClose } = props;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    // Focus the chosen option when there is one, else the first field or button (not the ×).
    const first =
      dialog.querySelector<HTMLElement>("input:checked") ??
      dialog.querySelector<HTMLElement>("form input:not([type=hidden]), form select, form textarea") ??
      dialog.querySelector<HTMLElement>(".modal__actions a, .modal__actions button") ??
      dialog.querySelector<HTMLElement>("a[href], button");
    first?.focus();
    function onKey(event: KeyboardEvent) {
      if (!dialog) return;
      if (event.key === "Escape" && !unclosable) {
        event.preventDefault();
        if (onClose) onClose();
        closeLink.current?.click();
      }
      if (event.key === "Tab") {
        const focusable = [
          ...dialog.querySelectorAll<HTMLElement>(
            "input:not([type=hidden]), button, a[href], select, textarea, summary",
          ),
        ].filter((el) => !el.hasAttribute("disabled"));
        if (focusable.length === 0) return;
        const [head, tail] = [focusable[0], focusable[focusable.length - 1]];
        if (event.shiftKey && document.activeElement === head) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && document.activeElement === tail) {
          event.preventDefault();
          head.focus();
        }
      }
    }
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, [unclosable, onClose]);
  return (
    <div className="modal-backdrop" data-container={props.container}>
      {!unclosable && (
        <Link
          to={props.closeTo}
          className="modal-backdrop__close"
          tabIndex={-1}
          aria-hidden="true"
          preventScrollReset
          onClick={props.onClose}
        />
      )}
      <div
        className={props.wide ? "modal modal--wide" : "modal"}
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.titleId}
        aria-busy={props.loading ? true : undefined}
        ref={ref}
      >
        <div className="modal__header">
          <h2 id={props.titleId}>{props.title}</h2>
          {!unclosable && (
            <Link
              ref={closeLink}
              to={props.closeTo}
              className="modal__x"
              aria-label={props.closeLabel}
              preventScrollReset
              onClick={props.onClose}
            >
              ×
            </Link>
          )}
        </div>
        {props.loading && (
          <p className="modal__loading" role="status">
            <span className="spinner" aria-hidden="true" />
            {props.loading.message}
          </p>
        )}
        {props.children}
      </div>
    </div>
  );
}
