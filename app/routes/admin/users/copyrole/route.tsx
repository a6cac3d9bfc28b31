import { useForm } from "@conform-to/react";
import { preferredLanguageOf } from "~/auth/callback.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { FormStep } from "~/ui/FormStep";
import { Field } from "~/ui/Field";
import { readFormData } from "~/security/form-body.server";
import { titleMeta } from "~/shell/page-title";
import { COMBINE_MIN_ROLES, fromRolesSchema, startOf } from "~/users/schema";
import { newUserDraft } from "~/users/draft";
import { NEW_USER, writeDraft } from "~/users/drafts.server";
import { editorChoices } from "~/users/editor-choices.server";
import { RadioGroup, TypeAndKind } from "~/users/components/RadioGroup";
import { toCreateUser } from "~/users/routes";

export const meta = titleMeta("adminUsers.fromRolesTitle");

/**
 * SPEC §2 /admin/users/copyrole (admin:users:write and feature:dev): a new user starts with one
 * role or with a combination of at least two, chosen among the roles the administrator may give.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const { roles } = await editorChoices(db(), user);
  return {
    roles: roles.map(({ id, displayName }) => ({ id, displayName })),
    start: startOf(new URL(request.url).searchParams),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  const submission = parseWithZod(await readFormData(request), { schema: fromRolesSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ formErrors: ["validations.formError"] }) }, { status: 400 });
  }
  const value = submission.value;
  const chosen = value.mode === "single" ? [value.role] : value.roles;
  const { roles } = await editorChoices(db(), user);
  // Only roles this administrator may give: anything else is a forged post.
  if (!chosen.every((id) => roles.some((role) => role.id === id))) throw new Response("Forbidden", { status: 403 });
  await writeDraft(
    db(),
    user,
    NEW_USER,
    newUserDraft({
      userType: value.userType,
      role: value.kind,
      roles: chosen,
      preferredLanguage: (await preferredLanguageOf(db(), user.identityId)) ?? undefined,
    }),
    null,
  );
  return redirect(toCreateUser("contact"));
}

export default function CreateFromRoles() {
  const { roles, start } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: { mode: "single", userType: start.userType, kind: start.role },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: fromRolesSchema }),
    shouldValidate: "onSubmit",
  });
  const choices = roles.map((role) => ({ value: String(role.id), label: role.displayName }));
  return (
    <FormStep
      title={t("adminUsers.fromRolesTitle")}
      back={{ to: toCreateUser(), label: t("adminUsers.createTitle") }}
      form={form}
    >
      <RadioGroup
        name={fields.mode.name}
        legend={t("adminUsers.fromRolesMode")}
        defaultValue={fields.mode.initialValue}
        errorId={fields.mode.errorId}
        errors={fields.mode.errors}
        options={[
          { value: "single", label: t("adminUsers.oneRole") },
          { value: "combine", label: t("adminUsers.combineRoles", { n: COMBINE_MIN_ROLES }) },
        ]}
      />
      <Field field={fields.role} kind="select" label={t("adminUsers.oneRoleLabel")} options={choices} />
      <Field
        field={fields.roles}
        kind="multiselect"
        label={t("adminUsers.combineRolesLabel")}
        choices={choices}
        errorValues={{ n: COMBINE_MIN_ROLES }}
      />
      <TypeAndKind userType={fields.userType} kind={fields.kind} />
    </FormStep>
  );
}
