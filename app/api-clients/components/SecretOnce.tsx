import { useTranslation } from "react-i18next";

/** A client's credentials right after they are made: the secret is shown here once, never again. */
export function SecretOnce(props: { clientId: string; secret: string }) {
  const { t } = useTranslation();
  return (
    <section className="notice notice--warning" aria-labelledby="secret-once-title" data-testid="secret-once">
      <h2 id="secret-once-title">{t("apiClients.secretTitle")}</h2>
      <p>{t("apiClients.secretOnce")}</p>
      <dl className="details">
        <dt>{t("apiClients.clientId")}</dt>
        <dd>
          <code data-testid="client-id">{props.clientId}</code>
        </dd>
        <dt>{t("apiClients.secret")}</dt>
        <dd>
          <code data-testid="client-secret">{props.secret}</code>
        </dd>
      </dl>
      <p>{t("apiClients.howToUse")}</p>
    </section>
  );
}
