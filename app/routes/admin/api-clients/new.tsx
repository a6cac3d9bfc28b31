import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { apiClientChoices, createApiClient } from "~/api-clients/api-clients.server";
import { apiClientSchema, expiryBoundsOf } from "~/api-clients/schema";
import { scopeLabel } from "~/api-clients/components/scope-labels";
import { SecretOnce } from "~/api-clients/components/SecretOnce";
import { toApiClient, toApiClients } from "~/api-clients/routes";
import { readFormData } from "~/security/form-body.server";
import { titleMeta } from "~/shell/page-title";
import { FormStep } from "~/ui/FormStep";
import { opensScim, SCIM_SCOPE } from "~/permissions/api-client-scopes";
import { scimConnectionOf } from "~/scim/connection";
import { getConfig } from "~/config.server";
import { CheckboxGroup, listOf } from "~/ui/CheckboxGroup";
import { Field } from "~/ui/Field";

export const meta = titleMeta("apiClients.newTitle");

/** Issue #35 §3: a new API client — its name, scopes, locations and expiry; its secret shown once. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  return { ...(await apiClientChoices(db(), user)), bounds: expiryBoundsOf(new Date()) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  const submission = parseWithZod(await readFormData(request), { schema: apiClientSchema(new Date()) });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ formErrors: ["validations.formError"] }), created: null },
      { status: 400 },
    );
  }
  const outcome = await createApiClient(db(), user, submission.value);
  if (outcome.kind === "refused") {
    return data(
      { result: submission.reply({ formErrors: [`apiClients.refused.${outcome.reason}`] }), created: null },
      { status: 403 },
    );
  }
  return {
    result: null,
    created: {
      id: outcome.id,
      clientId: outcome.clientId,
      secret: outcome.secret,
      name: submission.value.name,
      scim: opensScim(submission.value.scopes)
        ? scimConnectionOf(getConfig().PUBLIC_URL, outcome.clientId, outcome.secret)
        : null,
    },
  };
}

export default function NewApiClient() {
  const { scopes, locations, roles, bounds } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? (actionData?.result ?? undefined) : undefined,
    defaultValue: { expiresOn: bounds.suggested },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: apiClientSchema(new Date()) }),
    shouldValidate: "onSubmit",
  });
  const created = actionData?.created;
  if (created) {
    return (
      <div className="page page--narrow">
        <h1>{t("apiClients.createdTitle", { name: created.name })}</h1>
        <SecretOnce clientId={created.clientId} secret={created.secret} scim={created.scim} />
        <p>
          <Link to={toApiClient(created.id)} className="button">
            {t("apiClients.openCreated")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <FormStep
      title={t("apiClients.newTitle")}
      back={{ to: toApiClients(), label: t("apiClients.title") }}
      form={form}
      intro={<p>{t("apiClients.newIntro")}</p>}
      submitLabel={t("apiClients.create")}
    >
      <Field field={fields.name} label={t("apiClients.name")} maxLength={80} required />
      <CheckboxGroup
        name={fields.scopes.name}
        legend={t("apiClients.scopes")}
        help={t("apiClients.scopesHelp")}
        options={scopes.map((scope) => ({ value: scope, label: scopeLabel(t, scope) }))}
        checked={listOf(fields.scopes.initialValue)}
        fieldKey={fields.scopes.key}
        errorId={fields.scopes.errorId}
        errors={fields.scopes.errors ?? Object.values(fields.scopes.allErrors).flat()}
        columns
      />
      {locations.length > 0 ? (
        <CheckboxGroup
          name={fields.locationIds.name}
          legend={t("apiClients.locations")}
          help={t("apiClients.locationsHelp")}
          options={locations.map((location) => ({ value: location.id, label: location.name }))}
          checked={listOf(fields.locationIds.initialValue)}
          fieldKey={fields.locationIds.key}
          errorId={fields.locationIds.errorId}
          errors={fields.locationIds.errors ?? Object.values(fields.locationIds.allErrors).flat()}
          columns
        />
      ) : (
        <p className="notice">{t("apiClients.noLocations")}</p>
      )}
      {scopes.includes(SCIM_SCOPE) && (
        <Field
          field={fields.scimRoleId}
          kind="select"
          label={t("apiClients.scimRole")}
          help={t("apiClients.scimRoleHelp")}
          options={roles.map((role) => ({ value: String(role.id), label: role.name }))}
        />
      )}
      <Field field={fields.expiresOn} kind="date" label={t("apiClients.expiresOn")} max={bounds.last} required />
    </FormStep>
  );
}
