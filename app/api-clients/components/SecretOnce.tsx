import { useTranslation } from "~/translate/react";

/**
 * A client's credentials right after they are made or rotated: the secret is shown here once, never
 * again. A SCIM connection's base URL and token (issue #36) come with it, to paste into Okta or Entra.
 */
export function SecretOnce(props: {
  clientId: string;
  secret: string;
  scim?: { baseUrl: string; token: string } | null;
}) {
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
        {props.scim && (
          <>
            <dt>{t("apiClients.scimBaseUrl")}</dt>
            <dd>
              <code data-testid="scim-base-url">{props.scim.baseUrl}</code>
            </dd>
            <dt>{t("apiClients.scimToken")}</dt>
            <dd>
              <code data-testid="scim-token">{props.scim.token}</code>
            </dd>
          </>
        )}
      </dl>
      <p>{t(props.scim ? "apiClients.scimHowToUse" : "apiClients.howToUse")}</p>
    </section>
  );
}
