import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireFeatures, requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { satisfiesRule } from "~/security/feature-rule";
import { GRANTABLE_FEATURES } from "~/permissions/features";
import { SECURITY_ROLES_WRITE } from "~/permissions/write-rules";
import {
  getSecurityRole,
  securityRoleChoices,
  securityRoleTextOptions,
  securityRoleWrites,
} from "~/security-roles/security-roles.server";
import { securityRoleSchema } from "~/security-roles/schema";
import { securityRoleFormValues } from "~/security-roles/form-values";
import { titleMeta } from "~/shell/page-title";
import { optionalIdParam } from "~/navigation/id-param";
import { Field } from "~/ui/Field";
import { CheckboxGroup, listOf } from "~/ui/CheckboxGroup";
import { editorAction, recordEditing } from "~/forms/editor-action.server";
import { EditorPage, useEditor } from "~/ui/EditorPage";
import { securityRoleDeleteRefusal, securityRoleRefusal } from "~/security-roles/refusals";
import { featuresNotHeld } from "~/security-roles/delegation";
import { RelationRows } from "./RelationRows";
import { securityRoleLinks, toSecurityRoles } from "~/security-roles/routes";

export const meta = titleMeta("adminSecurityRoles.editTitle");

const TEXT_LISTS = ["activities", "businessFunctions", "expectations"] as const;
const ROLE_LINKS = ["parents", "children", "assignableBy"] as const;

/** SPEC §2 security role editor: one form to create, edit and view; write or read (any) opens it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const id = optionalIdParam(params.id);
  const role = id === null ? null : await getSecurityRole(db(), id);
  if (id !== null && !role) throw new Response("Not Found", { status: 404 });
  const [choices, textOptions] = await Promise.all([securityRoleChoices(db()), securityRoleTextOptions(db())]);
  return {
    canWrite: satisfiesRule(user.access.features, SECURITY_ROLES_WRITE),
    // Features the editor does not hold cannot be added (issue #30 §3); those on the role stay.
    lockedFeatures: featuresNotHeld(user.access.features, GRANTABLE_FEATURES).filter(
      (feature) => !role?.features.includes(feature),
    ),
    // A role is not its own parent, child or relation.
    roles: choices
      .filter((choice) => choice.id !== id)
      .map((choice) => ({ value: String(choice.id), label: `${choice.displayName} (${choice.name})` })),
    textOptions,
    role: role && securityRoleFormValues(role),
  };
}

/**
 * Save or delete: only with admin:securityRoles:write, checked here; the service refuses a save
 * granting more than the editor may (issue #30 §3). A refused save keeps what was typed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireFeatures(request, SECURITY_ROLES_WRITE);
  return editorAction(request, actor, {
    schema: securityRoleSchema,
    id: optionalIdParam(params.id),
    listFields: TEXT_LISTS,
    ...recordEditing(db(), securityRoleWrites, securityRoleLinks, securityRoleDeleteRefusal),
    refusal: securityRoleRefusal,
    conflictKey: "adminSecurityRoles.conflict",
  });
}

export default function SecurityRoleEditor() {
  const { role, canWrite, lockedFeatures, roles, textOptions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const editor = useEditor({ schema: securityRoleSchema, defaultValue: role ?? {}, stamp: role?.updatedAt });
  const { form, fields } = editor;
  return (
    <EditorPage
      editor={editor}
      ns="adminSecurityRoles"
      backTo={toSecurityRoles()}
      exists={Boolean(role)}
      editing={canWrite}
      deleteValues={{ name: role?.displayName ?? "" }}
    >
      <div className="field-row">
        <Field field={fields.displayName} label={t("adminSecurityRoles.displayName")} />
        <Field field={fields.name} label={t("adminSecurityRoles.name")} help={t("adminSecurityRoles.nameHelp")} />
      </div>
      <CheckboxGroup
        name={fields.features.name}
        legend={t("adminSecurityRoles.features")}
        help={
          canWrite && lockedFeatures.length > 0
            ? `${t("adminSecurityRoles.featuresHelp")} ${t("adminSecurityRoles.featuresNotHeldHelp")}`
            : t("adminSecurityRoles.featuresHelp")
        }
        options={GRANTABLE_FEATURES.map((feature) => ({
          value: feature,
          label: feature,
          disabled: lockedFeatures.includes(feature),
        }))}
        checked={listOf(fields.features.initialValue)}
        fieldKey={fields.features.key}
        errorId={fields.features.errorId}
        errors={fields.features.errors ?? Object.values(fields.features.allErrors).flat()}
        columns
      />
      {TEXT_LISTS.map((name) => (
        <Field
          key={name}
          field={fields[name]}
          kind="multiselect"
          label={t(`adminSecurityRoles.${name}`)}
          options={textOptions[name]}
          disabled={!canWrite}
        />
      ))}
      {ROLE_LINKS.map((name) => (
        <Field
          key={name}
          field={fields[name]}
          kind="multiselect"
          label={t(`adminSecurityRoles.${name}`)}
          choices={roles}
          disabled={!canWrite}
        />
      ))}
      <RelationRows form={form} relations={fields.relations} roles={roles} canWrite={canWrite} />
      <div className="field-row">
        <Field field={fields.feedId} label={t("adminSecurityRoles.feedId")} />
      </div>
      <Field field={fields.excludeFromFeeds} kind="checkbox" label={t("adminSecurityRoles.excludeFromFeeds")} />
      <Field
        field={fields.excludeFromCopyUser}
        kind="checkbox"
        label={t("adminSecurityRoles.excludeFromCopyUser")}
        help={t("adminSecurityRoles.excludeFromCopyUserHelp")}
      />
    </EditorPage>
  );
}
