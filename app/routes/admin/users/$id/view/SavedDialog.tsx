import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { Modal } from "~/ui/Modal";
import { withSearchParam } from "~/ui/search-params";
import { toUsers } from "~/users/routes";

/**
 * The success modal after "Review and complete" (SPEC §4 Editors, §8 "user saved"), addressed by
 * ?saved=: a new user (`created`) also hears that the verification e-mail is on its way.
 */
export function SavedDialog({ email }: { email: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const saved = new URLSearchParams(location.search).get("saved");
  if (saved !== "created" && saved !== "1") return null;
  const close = withSearchParam(location, "saved", null);
  return (
    <Modal title={t("common.savedTitle")} titleId="saved-title" closeTo={close} closeLabel={t("common.close")}>
      <p>{t("adminUsers.saved")}</p>
      {saved === "created" && <p>{t("adminUsers.createdText", { email })}</p>}
      <div className="modal__actions">
        <Link to={toUsers()} className="button button--secondary">
          {t("adminUsers.back")}
        </Link>
        <Link to={close} className="button" preventScrollReset>
          {t("common.close")}
        </Link>
      </div>
    </Modal>
  );
}
