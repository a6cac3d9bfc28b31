import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { withSearchParam } from "~/ui/search-params";
import { ConfirmModal } from "./ModalParts";
import { MODAL_ROOT } from "./Modal";

/**
 * An action that asks first: a button-styled link opening its confirmation at ?confirm=<which>
 * (so it works without JavaScript), and that confirmation, which posts `intent` to this page
 * without the ?confirm (a refusal then shows on the page itself).
 */
export function ConfirmAction(props: {
  which: string;
  /** The link's text, and the confirming button's unless `confirmLabel` says otherwise. */
  label: string;
  confirmLabel?: string;
  title: string;
  text: string;
  intent: string;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const close = withSearchParam(location, "confirm", null);
  const open = new URLSearchParams(location.search).get("confirm") === props.which;
  return (
    <>
      <p>
        <Link
          to={withSearchParam(location, "confirm", props.which)}
          className={props.danger ? "button button--danger" : "button button--secondary"}
          preventScrollReset
        >
          {props.label}
        </Link>
      </p>
      {open && (
        <ConfirmModal
          title={props.title}
          titleId={`${props.which}-title`}
          // Opened from inside a page's section or table: drawn after the page (SPEC §3 container).
          container={MODAL_ROOT}
          closeTo={close}
          closeLabel={t("common.close")}
          text={props.text}
          cancelLabel={t("common.cancel")}
          confirm={{
            label: props.confirmLabel ?? props.label,
            action: close,
            fields: { intent: props.intent },
            danger: true,
          }}
        />
      )}
    </>
  );
}
