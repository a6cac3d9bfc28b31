import { useTranslation } from "react-i18next";

/** Shown when a sign-in callback is missing or forged: a translated message and a fresh start. */
export function SignInFailed() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("auth.errorTitle")}</h1>
      <p role="alert">{t("auth.errorText")}</p>
      <p>
        <a href="/login" className="button">
          {t("auth.signInAgain")}
        </a>
      </p>
    </div>
  );
}
