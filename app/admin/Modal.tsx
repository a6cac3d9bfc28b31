import { Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal addressable by URL: it is rendered open by the server when its search parameter is
 * present, so it opens, submits and closes without JavaScript (close = a link to `closeTo`).
 * With JavaScript, focus moves into it, Tab stays inside, and Escape closes it unless unclosable.
 */
export function Modal(props: {
  title: string;
  titleId: string;
  closeTo: string;
  closeLabel: string;
  unclosable?: boolean;
  onClose?: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const closeLink = useRef<HTMLAnchorElement>(null);
  const { unclosable, onClose } = props;
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
        const focusable = [...dialog.querySelectorAll<HTMLElement>("input, button, a[href], select, textarea")].filter(
          (el) => !el.hasAttribute("disabled"),
        );
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
    <div className="modal-backdrop">
      {!props.unclosable && (
        <Link
          to={props.closeTo}
          className="modal-backdrop__close"
          tabIndex={-1}
          aria-hidden="true"
          preventScrollReset
          onClick={props.onClose}
        />
      )}
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={props.titleId} ref={ref}>
        <div className="modal__header">
          <h2 id={props.titleId}>{props.title}</h2>
          {!props.unclosable && (
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
        {props.children}
      </div>
    </div>
  );
}
