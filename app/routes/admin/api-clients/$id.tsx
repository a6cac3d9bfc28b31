import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { endClientTokens } from "~/auth/api-client-auth.server";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import {
  apiClientDetail,
  retirePreviousSecrets,
  revokeApiClient,
  rotateApiClientSecret,
} from "~/api-clients/api-clients.server";
import { apiClientIntentSchema } from "~/api-clients/schema";
import { scopeLabel } from "~/api-clients/components/scope-labels";
import { SecretOnce } from "~/api-clients/components/SecretOnce";
import { toApiClients } from "~/api-clients/routes";
import { useDateFormats } from "~/i18n/date-format";
import { requiredIdParam } from "~/navigation/id-param";
import { readFormData } from "~/security/form-body.server";
import { titleMeta } from "~/shell/page-title";
import { ConfirmAction } from "~/ui/ConfirmAction";
import { Table } from "~/ui/DataTable";
import { CallsTable } from "~/api-clients/components/CallsTable";
import { opensScim } from "~/permissions/api-client-scopes";
import { scimBaseOf } from "~/scim/scim-schemas";
import { scimConnectionOf } from "~/scim/connection";

export const meta = titleMeta("apiClients.detailTitle");

/** Issue #35 §3: one API client — what it may do, its secrets, its latest calls; rotate, retire, revoke. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const client = await apiClientDetail(db(), user, requiredIdParam(params.id));
  // Another administrator's client is not there at all.
  if (!client) throw new Response("Not Found", { status: 404 });
  return {
    client: {
      ...client,
      createdAt: client.createdAt.toISOString(),
      expiresAt: client.expiresAt.toISOString(),
      lastUsedAt: client.lastUsedAt?.toISOString() ?? null,
      secrets: client.secrets.map((s) => ({
        ...s,
        createdAt: s.createdAt.toISOString(),
        retiresAt: s.retiresAt?.toISOString() ?? null,
      })),
      calls: client.calls.map((c) => ({ ...c, at: c.at.toISOString() })),
      failedCalls: client.failedCalls.map((c) => ({ ...c, at: c.at.toISOString() })),
    },
    tokenEndpoint: `${getConfig().PUBLIC_URL}/oidc/token`,
    scimBaseUrl: opensScim(client.scopes) ? scimBaseOf(getConfig().PUBLIC_URL) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  const id = requiredIdParam(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: apiClientIntentSchema });
  if (submission.status !== "success") return data({ done: null, secret: null }, { status: 400 });
  const { intent } = submission.value;
  if (intent === "rotate") {
    const rotated = await rotateApiClientSecret(db(), user, id);
    const client = rotated && (await apiClientDetail(db(), user, id));
    if (!rotated || !client) throw new Response("Not Found", { status: 404 });
    const scim = opensScim(client.scopes)
      ? scimConnectionOf(getConfig().PUBLIC_URL, client.clientId, rotated.secret)
      : null;
    return { done: intent, secret: rotated.secret, scim };
  }
  if (intent === "retirePrevious") {
    if (!(await retirePreviousSecrets(db(), user, id))) throw new Response("Not Found", { status: 404 });
    return { done: intent, secret: null };
  }
  const revoked = await revokeApiClient(db(), user, id);
  if (!revoked) throw new Response("Not Found", { status: 404 });
  await endClientTokens(revoked.clientId);
  return { done: intent, secret: null };
}

export default function ApiClientPage() {
  const { client, tokenEndpoint, scimBaseUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const { date, dateTime } = useDateFormats();
  const active = client.state === "active";
  const previousLive = client.secrets.filter((secret) => secret.live).length > 1;
  return (
    <div className="page">
      <p>
        <Link to={toApiClients()}>‹ {t("apiClients.title")}</Link>
      </p>
      <h1>{client.name}</h1>
      {actionData?.done && (
        <p className="notice" role="status">
          {t(`apiClients.done.${actionData.done}`)}
        </p>
      )}
      {actionData?.secret && (
        <SecretOnce
          clientId={client.clientId}
          secret={actionData.secret}
          scim={"scim" in actionData ? actionData.scim : null}
        />
      )}
      <dl className="details">
        <dt>{t("apiClients.clientId")}</dt>
        <dd>
          <code>{client.clientId}</code>
        </dd>
        <dt>{t("apiClients.state")}</dt>
        <dd data-testid="api-client-state">{t(`apiClients.states.${client.state}`)}</dd>
        <dt>{t("apiClients.scopes")}</dt>
        <dd>{client.scopes.map((scope) => scopeLabel(t, scope)).join(", ")}</dd>
        <dt>{t("apiClients.locations")}</dt>
        <dd>
          {client.locations.length > 0
            ? client.locations.map((location) => location.name).join(", ")
            : t("apiClients.noLocationsChosen")}
        </dd>
        <dt>{t("apiClients.expires")}</dt>
        <dd>{date.format(new Date(client.expiresAt))}</dd>
        <dt>{t("apiClients.lastUsed")}</dt>
        <dd>{client.lastUsedAt ? dateTime.format(new Date(client.lastUsedAt)) : t("apiClients.neverUsed")}</dd>
        <dt>{t("apiClients.tokenEndpoint")}</dt>
        <dd>
          <code>{tokenEndpoint}</code>
        </dd>
      </dl>

      {scimBaseUrl && (
        <section aria-labelledby="scim-connection" data-testid="scim-connection">
          <h2 id="scim-connection">{t("apiClients.scimConnection")}</h2>
          <p>{t("apiClients.scimConnectionText")}</p>
          <dl className="details">
            <dt>{t("apiClients.scimBaseUrl")}</dt>
            <dd>
              <code>{scimBaseUrl}</code>
            </dd>
            <dt>{t("apiClients.scimLocations")}</dt>
            <dd>
              {client.locations.length > 0
                ? client.locations.map((location) => location.name).join(", ")
                : t("apiClients.noLocationsChosen")}
            </dd>
            <dt>{t("apiClients.scimRole")}</dt>
            <dd>{client.scimRole?.name ?? t("apiClients.scimNoRole")}</dd>
          </dl>
          <h3>{t("apiClients.scimErrors")}</h3>
          {client.failedCalls.length === 0 ? (
            <p className="empty-state">{t("apiClients.scimNoErrors")}</p>
          ) : (
            <CallsTable calls={client.failedCalls} testId="api-client-failed-calls" />
          )}
        </section>
      )}

      <h2>{t("apiClients.secrets")}</h2>
      <Table
        columns={[
          { key: "hint", label: t("apiClients.secretHint"), render: (secret) => <code>…{secret.hint}</code> },
          {
            key: "created",
            label: t("apiClients.secretCreated"),
            render: (secret) => dateTime.format(new Date(secret.createdAt)),
          },
          {
            key: "status",
            label: t("apiClients.secretStatus"),
            render: (secret) =>
              !secret.live
                ? t("apiClients.secretRetired")
                : secret.retiresAt
                  ? t("apiClients.secretRetires", { when: dateTime.format(new Date(secret.retiresAt)) })
                  : t("apiClients.secretLive"),
          },
        ]}
        rows={client.secrets}
        rowKey={(secret) => secret.id}
        rowTestId="api-client-secret"
      />
      {active && (
        <div className="actions">
          <ConfirmAction
            which="rotate"
            label={t("apiClients.rotate")}
            title={t("apiClients.rotateTitle")}
            text={t("apiClients.rotateText")}
            intent="rotate"
          />
          {previousLive && (
            <ConfirmAction
              which="retirePrevious"
              label={t("apiClients.retirePrevious")}
              title={t("apiClients.retirePreviousTitle")}
              text={t("apiClients.retirePreviousText")}
              intent="retirePrevious"
              danger
            />
          )}
          <ConfirmAction
            which="revoke"
            label={t("apiClients.revoke")}
            title={t("apiClients.revokeTitle")}
            text={t("apiClients.revokeText", { name: client.name })}
            intent="revoke"
            danger
          />
        </div>
      )}

      <h2>{t("apiClients.calls")}</h2>
      {client.calls.length === 0 ? (
        <p className="empty-state">{t("apiClients.noCalls")}</p>
      ) : (
        <CallsTable calls={client.calls} testId="api-client-calls" />
      )}
    </div>
  );
}
