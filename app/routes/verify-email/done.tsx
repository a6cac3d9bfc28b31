import { Link } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { titleMeta } from "~/shell/page-title";

export const meta = titleMeta("verifyEmail.doneTitle");

/** Where a verified new user lands: the account is ready, sign in (issue #14 §3). */
export default function VerificationDone() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("verifyEmail.doneTitle")}</h1>
      <p role="status">{t("verifyEmail.done")}</p>
      <p>
        <Link to="/" className="button">
          {t("verifyEmail.signIn")}
        </Link>
      </p>
    </div>
  );
}
