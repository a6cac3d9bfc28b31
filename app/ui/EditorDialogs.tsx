import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { withSearchParam } from "~/ui/search-params";
import { Modal } from "./Modal";
import { ConfirmModal } from "./ModalParts";

/**
 * The dialogs every administration editor shares, addressed by search parameters so they work
 * without JavaScript: ?saved=1 after a save, ?confirm=delete before a delete, ?deleted=1 on the list.
 */
export function EditorActions({ canDelete, submitting }: { canDelete: boolean; submitting: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="editor__actions">
      {canDelete && (
        <Link to={withSearchParam(location, "confirm", "delete")} className="button button--danger" preventScrollReset>
          {t("common.delete")}
        </Link>
      )}
      <button type="submit" name="intent" value="save" className="button" disabled={submitting}>
        {t("common.save")}
      </button>
    </div>
  );
}

export function EditorDialogs(props: {
  savedText: string;
  backTo: string;
  backLabel: string;
  deleteTitle: string;
  deleteText: string;
  deleteButton: string;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const closeSaved = withSearchParam(location, "saved", null);
  const closeDelete = withSearchParam(location, "confirm", null);
  return (
    <>
      {params.get("saved") === "1" && (
        <Modal title={t("common.savedTitle")} titleId="saved-title" closeTo={closeSaved} closeLabel={t("common.close")}>
          <p>{props.savedText}</p>
          <div className="modal__actions">
            <Link to={props.backTo} className="button button--secondary">
              {props.backLabel}
            </Link>
            <Link to={closeSaved} className="button" preventScrollReset>
              {t("common.close")}
            </Link>
          </div>
        </Modal>
      )}
      {params.get("confirm") === "delete" && props.canDelete && (
        <ConfirmModal
          title={props.deleteTitle}
          titleId="delete-title"
          closeTo={closeDelete}
          closeLabel={t("common.close")}
          text={props.deleteText}
          cancelLabel={t("common.cancel")}
          // Posted to the editor without ?confirm, so a refused delete shows its reason on the form.
          confirm={{ label: props.deleteButton, action: closeDelete, fields: { intent: "delete" }, danger: true }}
        />
      )}
    </>
  );
}

/** The list's confirmation after a delete (?deleted=1). */
export function DeletedDialog({ text }: { text: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (new URLSearchParams(location.search).get("deleted") !== "1") return null;
  const close = withSearchParam(location, "deleted", null);
  return (
    <Modal title={t("common.deletedTitle")} titleId="deleted-title" closeTo={close} closeLabel={t("common.close")}>
      <p>{text}</p>
      <div className="modal__actions">
        <Link to={close} className="button">
          {t("common.close")}
        </Link>
      </div>
    </Modal>
  );
}

/** A form's errors: its own (e.g. a conflict) or, after a failed submit, "Please correct the errors marked". */
export function FormErrors({
  id,
  errors,
  show,
  text,
}: {
  id: string;
  errors?: string[];
  show: boolean;
  text: (key: string) => string;
}) {
  if (!errors && !show) return null;
  return (
    <div id={id} className="form-error" role="alert">
      {(errors ?? ["validations.formError"]).map((error) => (
        <p key={error}>{text(error)}</p>
      ))}
    </div>
  );
}
