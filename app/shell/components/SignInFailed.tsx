import { useTranslation } from "~/translate/react";

/**
 * Shown when a sign-in cannot go on (a missing or forged callback, an expired sign-in page):
 * a translated message and a fresh start.
 */
export function SignInFailed({ messageKey = "auth.errorText" }: { messageKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("auth.errorTitle")}</h1>
      <p role="alert">{t(messageKey)}</p>
      <p>
        <a href="/login" className="button">
          {t("auth.signInAgain")}
        </a>
      </p>
    </div>
  );
}
