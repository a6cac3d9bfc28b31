import { Link, useLocation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { Modal } from "~/ui/Modal";
import { ConfirmModal } from "~/ui/ModalParts";
import { withSearchParam } from "~/ui/search-params";
import { DocumentFileField } from "~/documents/components/DocumentFileField";
import { DetailsForm } from "./DetailsForm";
import type { ActionReply } from "./action.server";

interface Target {
  id: number;
  name: string;
  fileName: string;
}

/** The managers' dialogs, each opened by its search parameter (edit, replace, confirmDelete) and closed by a link. */
export function ManagerDialogs(props: {
  editTarget:
    | (Target & { description: string; subject: string; brandIds: string[]; regionCodes: string[]; updatedAt: string })
    | null;
  replaceTarget: Target | null;
  deleteTarget: Target | null;
  actionData?: ActionReply;
  listPath: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { editTarget, replaceTarget, deleteTarget, actionData, listPath } = props;
  return (
    <>
      {editTarget && (
        <Modal
          title={t("adminDocuments.editTitle")}
          titleId="edit-title"
          closeTo={withSearchParam(location, "edit", null)}
          closeLabel={t("common.close")}
        >
          <DetailsForm
            key={`${editTarget.id}-${editTarget.updatedAt}`}
            target={editTarget}
            reply={actionData?.intent === "edit" && actionData.id === editTarget.id ? actionData : undefined}
            returnTo={listPath}
            cancelTo={withSearchParam(location, "edit", null)}
          />
        </Modal>
      )}

      {replaceTarget && (
        <Modal
          title={t("adminDocuments.replaceTitle")}
          titleId="replace-title"
          closeTo={withSearchParam(location, "replace", null)}
          closeLabel={t("common.close")}
        >
          <p>{t("adminDocuments.replaceText", { name: replaceTarget.name })}</p>
          <p className="field__help">{t("adminDocuments.currentFile", { fileName: replaceTarget.fileName })}</p>
          <Form method="post" encType="multipart/form-data" noValidate>
            <input type="hidden" name="intent" value="replace" />
            <input type="hidden" name="id" value={replaceTarget.id} />
            <input type="hidden" name="returnTo" value={listPath} />
            <DocumentFileField
              errors={
                actionData?.intent === "replace" && actionData.id === replaceTarget.id
                  ? (actionData.result.error?.file ?? undefined)
                  : undefined
              }
              id="replace-file"
            />
            <div className="modal__actions">
              <Link
                to={withSearchParam(location, "replace", null)}
                className="button button--secondary"
                preventScrollReset
              >
                {t("common.cancel")}
              </Link>
              <button type="submit" className="button">
                {t("adminDocuments.replaceButton")}
              </button>
            </div>
          </Form>
        </Modal>
      )}

      {deleteTarget && (
        <ConfirmModal
          title={t("adminDocuments.deleteTitle")}
          titleId="delete-title"
          closeTo={withSearchParam(location, "confirmDelete", null)}
          closeLabel={t("common.close")}
          text={t("adminDocuments.deleteConfirm", { name: deleteTarget.name })}
          cancelLabel={t("common.cancel")}
          confirm={{
            label: t("adminDocuments.deleteButton"),
            fields: { intent: "delete", id: String(deleteTarget.id), returnTo: listPath },
            danger: true,
          }}
        />
      )}
    </>
  );
}

/** After a post: "saved" or "deleted", closed by a link back to the list. */
export function DoneDialog({ done }: { done: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (!done || !["uploaded", "replaced", "edited", "deleted"].includes(done)) return null;
  return (
    <Modal
      title={t(done === "deleted" ? "common.deletedTitle" : "common.savedTitle")}
      titleId="done-title"
      closeTo={withSearchParam(location, "done", null)}
      closeLabel={t("common.close")}
    >
      <p>{t(`adminDocuments.${done}`)}</p>
      <div className="modal__actions">
        <Link to={withSearchParam(location, "done", null)} className="button" preventScrollReset>
          {t("common.close")}
        </Link>
      </div>
    </Modal>
  );
}
